import { graphql, type HeadProps, type PageProps } from 'gatsby';
import type { ReactNode } from 'react';
import { Seo } from '../components/seo/Seo';
import { faqJsonLd } from '../components/seo/faq-json-ld';
import { LandingSections } from '../components/landing/blocks';
import { sectionsFromQuery } from '../components/landing/from-query';

/**
 * A campaign landing page (content/landing/*.json): its sections, in order, with the site's own components. A page
 * that runs an experiment has ./landing-page-experiment.tsx instead (src/build/page-templates.ts).
 */
export default function LandingPageTemplate({ data }: PageProps<Queries.LandingPageQuery>) {
  return <LandingSections sections={sectionsFromQuery(data)} />;
}

/** The page's head; `children` adds to it (the experiment's script). */
export function Head({ data, location, children }: HeadProps<Queries.LandingPageQuery> & { children?: ReactNode }) {
  const page = data.landingPage!;
  const questions = page.sections.flatMap((section) => ('questions' in section ? section.questions : []));
  return (
    <Seo {...page.meta} pathname={location.pathname}>
      {page.hideFromSearch && <meta name="robots" content="noindex" />}
      {questions.length > 0 && <script type="application/ld+json">{JSON.stringify(faqJsonLd(questions))}</script>}
      {children}
    </Seo>
  );
}

export const query = graphql`
  query LandingPage($id: String!, $withDemoForm: Boolean!, $withStrategyForm: Boolean!, $withExperiment: Boolean!) {
    ...LandingPageData
  }
`;
