// What the home page's query asks for: one fragment for both of its templates (src/templates/home-page.tsx and
// home-page-experiment.tsx), each of whose page query is this fragment with the variable gatsby-node sets
// (src/build/page-templates.ts).
import { graphql } from 'gatsby';

export const homePageData = graphql`
  fragment HomePageData on Query {
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
        experiment @include(if: $withExperiment) {
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
