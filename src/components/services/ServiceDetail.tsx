import styled from 'styled-components';
import { Card, CheckList } from '../ui/Section';
import { ServiceIcon } from '../ui/ServiceIcon';
import { Prose } from '../ui/Prose';
import { from, theme } from '../../styles/theme';

type Props = {
  slug: string;
  title: string;
  summary: string;
  icon: string;
  html: string;
  benefits: readonly string[];
  benefitsLabel: string;
};

const Article = styled(Card)`
  display: grid;
  gap: 1.5rem 2.5rem;
  scroll-margin-top: 6rem;

  ${from('desktop')} {
    grid-template-columns: 3fr 2fr;
  }

  h2 {
    font-size: ${theme.text.xl};
  }
`;

const Summary = styled.p`
  font-size: ${theme.text.lg};
  color: ${theme.color.text};
`;

const Benefits = styled.div`
  padding: 1.25rem 1.5rem;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  align-self: start;

  h3 {
    font-size: ${theme.text.base};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${theme.color.accentSoft};
  }
`;

/** One service on /services: its description (from the MDX body) and its benefit list. */
export function ServiceDetail({ slug, title, summary, icon, html, benefits, benefitsLabel }: Props) {
  const headingId = `${slug}-title`;
  return (
    <Article id={slug} aria-labelledby={headingId}>
      <div>
        <ServiceIcon name={icon} />
        <h2 id={headingId}>{title}</h2>
        <Summary>{summary}</Summary>
        {/* Built at build time from the repository's own MDX, never from visitor input. */}
        <Prose dangerouslySetInnerHTML={{ __html: html }} />
      </div>
      <Benefits>
        <h3>{benefitsLabel}</h3>
        <CheckList>
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </CheckList>
      </Benefits>
    </Article>
  );
}
