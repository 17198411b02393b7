import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { HomeHero } from '../components/home/HomeHero';
import { StatsBand } from '../components/home/StatsBand';
import { ServiceCards } from '../components/home/ServiceCards';
import { WhyChooseUs } from '../components/home/WhyChooseUs';
import { Testimonials } from '../components/home/Testimonials';
import { CtaBand } from '../components/ui/CtaBand';
import { organizationJsonLd } from '../components/seo/organization-json-ld';
import { queriedImage } from '../components/ui/content-image';
import { homeHeroFromQuery } from '../components/home/hero-from-query';
import { ExperimentSection } from '../insights/experiments/ExperimentSection';
import { ExperimentHeadScript } from '../insights/experiments/ExperimentHeadScript';
import { useExperimentOnPage } from '../insights/experiments/useExperimentOnPage';

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const home = data.homeJson!;
  const hero = homeHeroFromQuery(home.hero);
  useExperimentOnPage(hero.experiment);
  return (
    <>
      <ExperimentSection section={hero} render={(version) => <HomeHero {...version} />} />
      <StatsBand stats={home.stats} />
      <ServiceCards {...home.servicesSection} services={data.allService.nodes} />
      <WhyChooseUs
        {...home.whyChooseUs}
        image={{ data: data.illustration!.childImageSharp!.gatsbyImageData, alt: home.whyChooseUs.imageAlt }}
      />
      <Testimonials
        {...home.testimonialsSection}
        testimonials={data.allTestimonialsJson.nodes.map(({ photo, ...testimonial }) => ({
          ...testimonial,
          photo: queriedImage(photo),
        }))}
      />
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
  const { meta, hero } = data.homeJson!;
  return (
    <Seo {...meta} pathname={location.pathname}>
      <script type="application/ld+json">{JSON.stringify(organizationJsonLd(data.siteJson!))}</script>
      <ExperimentHeadScript experiment={homeHeroFromQuery(hero).experiment} />
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
        image {
          ...HeroImageFields
        }
        # A variant's fields are queried as the hero's own (null where the variant keeps the original's).
        experiment {
          id
          name
          startedAt
          variants {
            name
            share
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
            image {
              ...HeroImageFields
            }
          }
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
        ...TestimonialFields
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
