import { graphql, type HeadProps, type PageProps } from 'gatsby';
import styled from 'styled-components';
import { Seo } from '../components/seo/Seo';
import { PageHero } from '../components/ui/PageHero';
import { Container } from '../components/ui/Container';
import { CardGrid, CheckList, Section } from '../components/ui/Section';
import { CtaBand } from '../components/ui/CtaBand';
import { PlanCard } from '../components/pricing/PlanCard';
import { theme } from '../styles/theme';

const Included = styled.div`
  padding: clamp(1.5rem, 4vw, 2.5rem);
  border-radius: ${theme.radius.large};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};

  h2 {
    font-size: ${theme.text.xl};
  }

  ul {
    columns: 2 16rem;
    column-gap: 2rem;
  }
`;

export default function PricingPage({ data }: PageProps<Queries.PricingPageQuery>) {
  const page = data.pricingPageJson!;
  return (
    <>
      <PageHero {...page.hero} />
      <Section aria-label={page.hero.title}>
        <Container>
          <CardGrid $min="15.5rem">
            {data.allPlansJson.nodes.map((plan) => (
              <PlanCard key={plan.name} {...plan} mostPopularLabel={page.mostPopularLabel} quoteCta={page.quoteCta} />
            ))}
          </CardGrid>
        </Container>
      </Section>
      <Section aria-labelledby="included-title">
        <Container>
          <Included>
            <h2 id="included-title">{page.included.title}</h2>
            <CheckList>
              {page.included.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </CheckList>
          </Included>
        </Container>
      </Section>
      <CtaBand title={page.cta.title} text={page.cta.text} primary={page.cta.cta} />
    </>
  );
}

export function Head({ data, location }: HeadProps<Queries.PricingPageQuery>) {
  const { meta } = data.pricingPageJson!;
  return <Seo {...meta} pathname={location.pathname} />;
}

export const query = graphql`
  query PricingPage {
    pricingPageJson {
      meta {
        ...PageMetaFields
      }
      hero {
        ...PageHeroFields
      }
      mostPopularLabel
      quoteCta {
        ...LinkFields
      }
      included {
        title
        items
      }
      cta {
        ...CtaBandFields
      }
    }
    allPlansJson(sort: { order: ASC }) {
      nodes {
        ...PlanFields
      }
    }
  }
`;
