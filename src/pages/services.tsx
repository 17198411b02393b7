import { graphql, type HeadProps, type PageProps } from 'gatsby';
import styled from 'styled-components';
import { Seo } from '../components/seo/Seo';
import { PageHero } from '../components/ui/PageHero';
import { Container } from '../components/ui/Container';
import { Card, CardGrid, Section, SectionHeader } from '../components/ui/Section';
import { CtaBand } from '../components/ui/CtaBand';
import { ServiceDetail } from '../components/services/ServiceDetail';
import { theme } from '../styles/theme';

const Stack = styled.div`
  display: grid;
  gap: 1.5rem;
`;

const Point = styled(Card)`
  h3 {
    font-size: ${theme.text.lg};
  }

  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
`;

export default function ServicesPage({ data }: PageProps<Queries.ServicesPageQuery>) {
  const page = data.servicesPageJson!;
  return (
    <>
      <PageHero {...page.hero} />
      <Section aria-label={page.hero.title}>
        <Container>
          <Stack>
            {data.allService.nodes.map((service) => (
              <ServiceDetail key={service.slug} {...service} benefitsLabel={page.benefitsLabel} />
            ))}
          </Stack>
        </Container>
      </Section>
      <Section aria-labelledby="why-custom-title">
        <Container>
          <SectionHeader>
            <h2 id="why-custom-title">{page.whyCustom.title}</h2>
            <p>{page.whyCustom.intro}</p>
          </SectionHeader>
          <CardGrid $min="14rem">
            {page.whyCustom.points.map((point) => (
              <Point key={point.title}>
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </Point>
            ))}
          </CardGrid>
        </Container>
      </Section>
      <CtaBand title={page.cta.title} text={page.cta.text} primary={page.cta.cta} />
    </>
  );
}

export function Head({ data, location }: HeadProps<Queries.ServicesPageQuery>) {
  const { meta } = data.servicesPageJson!;
  return <Seo {...meta} pathname={location.pathname} />;
}

export const query = graphql`
  query ServicesPage {
    servicesPageJson {
      meta {
        ...PageMetaFields
      }
      hero {
        ...PageHeroFields
      }
      benefitsLabel
      whyCustom {
        title
        intro
        points {
          title
          text
        }
      }
      cta {
        ...CtaBandFields
      }
    }
    allService(sort: { order: ASC }) {
      nodes {
        slug
        title
        summary
        icon
        html
        benefits
      }
    }
  }
`;
