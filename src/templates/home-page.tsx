import { graphql, type HeadProps, type PageProps } from 'gatsby';
import type { ReactNode } from 'react';
import { Seo } from '../components/seo/Seo';
import { HomeHero, type HomeHeroProps } from '../components/home/HomeHero';
import { StatsBand } from '../components/home/StatsBand';
import { ServiceCards } from '../components/home/ServiceCards';
import { WhyChooseUs } from '../components/home/WhyChooseUs';
import { Testimonials } from '../components/home/Testimonials';
import { CtaBand } from '../components/ui/CtaBand';
import { organizationJsonLd } from '../components/seo/organization-json-ld';
import { queriedImage } from '../components/ui/content-image';
import { homeHeroFromQuery } from '../components/home/hero-from-query';
import { SectionVersions, type WithExperiment } from '../insights/experiments/section-versions';

/** The home page. When its hero runs an experiment it has ./home-page-experiment.tsx instead (src/build/page-templates.ts). */
export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  return <HomeSections data={data} hero={homeHeroFromQuery(data.homeJson!.hero)} />;
}

/** The home page's sections, its hero as given (with its experiment on the experiment's template). */
export function HomeSections({
  data,
  hero,
}: {
  data: Queries.HomePageDataFragment;
  hero: WithExperiment<HomeHeroProps>;
}) {
  const home = data.homeJson!;
  return (
    <>
      <SectionVersions section={hero} render={(version) => <HomeHero {...version} />} />
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

/** The page's head; `children` adds to it (the experiment's script). */
export function Head({ data, location, children }: HeadProps<Queries.HomePageQuery> & { children?: ReactNode }) {
  return (
    <Seo {...data.homeJson!.meta} pathname={location.pathname}>
      <script type="application/ld+json">{JSON.stringify(organizationJsonLd(data.siteJson!))}</script>
      {children}
    </Seo>
  );
}

export const query = graphql`
  query HomePage($withExperiment: Boolean!) {
    ...HomePageData
  }
`;
