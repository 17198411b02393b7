import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { faqJsonLd } from '../components/seo/faq-json-ld';
import { LandingSections } from '../components/landing/blocks';
import { sectionsFromQuery } from '../components/landing/from-query';
import { ExperimentHeadScript } from '../insights/experiments/ExperimentHeadScript';
import { useExperimentOnPage } from '../insights/experiments/useExperimentOnPage';
import { runningExperimentIn } from '../insights/experiments/versions';

/** A campaign landing page (content/landing/*.json): its sections, in order, with the site's own components. */
export default function LandingPageTemplate({ data }: PageProps<Queries.LandingPageQuery>) {
  const sections = sectionsFromQuery(data);
  useExperimentOnPage(runningExperimentIn(sections));
  return <LandingSections sections={sections} />;
}

export function Head({ data, location }: HeadProps<Queries.LandingPageQuery>) {
  const page = data.landingPage!;
  const questions = page.sections.flatMap((section) => ('questions' in section ? section.questions : []));
  return (
    <Seo {...page.meta} pathname={location.pathname}>
      {page.hideFromSearch && <meta name="robots" content="noindex" />}
      {questions.length > 0 && <script type="application/ld+json">{JSON.stringify(faqJsonLd(questions))}</script>}
      <ExperimentHeadScript experiment={runningExperimentIn(sectionsFromQuery(data))} />
    </Seo>
  );
}

// Only the form the page shows has its texts queried (gatsby-node sets the flags from the page's sections).
export const query = graphql`
  query LandingPage($id: String!, $withDemoForm: Boolean!, $withStrategyForm: Boolean!) {
    landingPage(id: { eq: $id }) {
      meta {
        ...PageMetaFields
      }
      hideFromSearch
      sections {
        __typename
        ...LandingHeroFields
        ...LandingServicesFields
        ...LandingPlansFields
        ...LandingTestimonialsFields
        ...LandingStatsFields
        ...LandingReasonsFields
        ...LandingTextFields
        ...LandingFaqFields
        ...LandingCtaFields
        ...LandingFormFields
      }
    }
    pricingPageJson {
      mostPopularLabel
      quoteCta {
        ...LinkFields
      }
    }
    contactFormJson @include(if: $withDemoForm) {
      content
    }
    bookingFormJson @include(if: $withStrategyForm) {
      content
    }
    bookingJson @include(if: $withStrategyForm) {
      content
    }
    siteJson {
      email
    }
  }
`;
