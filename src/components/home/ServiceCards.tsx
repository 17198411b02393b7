import { Link } from 'gatsby';
import styled from 'styled-components';
import { Card, CardGrid } from '../ui/Section';
import { TitledSection } from '../ui/TitledSection';
import { ServiceIcon } from '../ui/ServiceIcon';
import { theme } from '../../styles/theme';

type Service = { readonly slug: string; readonly title: string; readonly summary: string; readonly icon: string };
type Props = {
  /** The heading's id, which names the section: unique on the page. */
  titleId?: string;
  title: string;
  intro: string;
  linkLabel: string;
  services: readonly Service[];
};

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

export function ServiceCards({ titleId = 'services-title', title, intro, linkLabel, services }: Props) {
  return (
    <TitledSection titleId={titleId} title={title} intro={intro}>
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
    </TitledSection>
  );
}
