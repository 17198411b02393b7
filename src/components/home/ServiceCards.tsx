import { Link } from 'gatsby';
import styled from 'styled-components';
import { Container } from '../ui/Container';
import { Card, CardGrid, Section, SectionHeader } from '../ui/Section';
import { ServiceIcon } from '../ui/ServiceIcon';
import { theme } from '../../styles/theme';

type Service = { readonly slug: string; readonly title: string; readonly summary: string; readonly icon: string };
type Props = { title: string; intro: string; linkLabel: string; services: readonly Service[] };

const ServiceCard = styled(Card)`
  h3 {
    font-size: ${theme.text.lg};
  }

  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
`;

const MoreLink = styled(Link)`
  display: inline-block;
  margin-top: 1.75rem;
  font-weight: ${theme.weight.semibold};
`;

export function ServiceCards({ title, intro, linkLabel, services }: Props) {
  return (
    <Section aria-labelledby="services-title">
      <Container>
        <SectionHeader>
          <h2 id="services-title">{title}</h2>
          <p>{intro}</p>
        </SectionHeader>
        <CardGrid>
          {services.map((service) => (
            <ServiceCard key={service.slug}>
              <ServiceIcon name={service.icon} />
              <h3>{service.title}</h3>
              <p>{service.summary}</p>
            </ServiceCard>
          ))}
        </CardGrid>
        <MoreLink to="/services">{linkLabel} →</MoreLink>
      </Container>
    </Section>
  );
}
