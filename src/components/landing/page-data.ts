// What a landing page's query asks for: one fragment for both of its templates (src/templates/landing-page.tsx and
// landing-page-experiment.tsx), each of whose page query is this fragment with the variables gatsby-node sets
// (src/build/page-templates.ts). Only the form the page shows has its texts queried.
import { graphql } from 'gatsby';

export const landingPageData = graphql`
  fragment LandingPageData on Query {
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
