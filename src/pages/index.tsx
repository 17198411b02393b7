import { graphql, type HeadProps, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Seo } from '../components/seo/Seo';
import { HomeHero } from '../components/home/HomeHero';
import { StatsBand } from '../components/home/StatsBand';
import { ServiceCards } from '../components/home/ServiceCards';
import { WhyChooseUs } from '../components/home/WhyChooseUs';
import { Testimonials } from '../components/home/Testimonials';
import { CtaBand } from '../components/ui/CtaBand';
import { organizationJsonLd } from '../components/seo/organization-json-ld';

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const home = data.homeJson!;
  return (
    <>
      <HomeHero {...home.hero} />
      <StatsBand stats={home.stats} />
      <ServiceCards {...home.servicesSection} services={data.allService.nodes} />
      <WhyChooseUs
        {...home.whyChooseUs}
        image={data.illustration!.childImageSharp!.gatsbyImageData as unknown as IGatsbyImageData}
      />
      <Testimonials {...home.testimonialsSection} testimonials={data.allTestimonialsJson.nodes} />
      <CtaBand
        title={home.closingCta.title}
        text={home.closingCta.text}
        primary={home.closingCta.primaryCta}
        secondary={home.closingCta.secondaryCta}
      />
    </>
  );
}

export function Head({ data, location }: HeadProps<Queries.HomePageQuery>) {
  const { meta } = data.homeJson!;
  return (
    <Seo title={meta.title} description={meta.description} pathname={location.pathname}>
      <script type="application/ld+json">{JSON.stringify(organizationJsonLd(data.siteJson!))}</script>
    </Seo>
  );
}

export const query = graphql`
  query HomePage {
    homeJson {
      meta {
        ...PageMetaFields
      }
      hero {
        eyebrow
        title
        subtitle
        highlights
        primaryCta {
          ...LinkFields
        }
        secondaryCta {
          ...LinkFields
        }
      }
      stats {
        value
        label
      }
      servicesSection {
        title
        intro
        linkLabel
      }
      whyChooseUs {
        title
        intro
        imageAlt
        reasons {
          title
          text
        }
      }
      testimonialsSection {
        title
        intro
      }
      closingCta {
        title
        text
        primaryCta {
          ...LinkFields
        }
        secondaryCta {
          ...LinkFields
        }
      }
    }
    allService(sort: { order: ASC }) {
      nodes {
        slug
        title
        summary
        icon
      }
    }
    allTestimonialsJson {
      nodes {
        quote
        name
        role
        company
        rating
      }
    }
    siteJson {
      brandName
      siteUrl
      email
      tagline
    }
    # Below the fold, so no placeholder: the browser loads it lazily in the best format it supports.
    illustration: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "agent-dashboard.png" }) {
      childImageSharp {
        gatsbyImageData(layout: CONSTRAINED, width: 1100, placeholder: NONE, formats: [AUTO, WEBP, AVIF], quality: 80)
      }
    }
  }
`;
