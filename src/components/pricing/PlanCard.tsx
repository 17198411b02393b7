import { graphql } from 'gatsby';
import styled, { css } from 'styled-components';
import { ButtonLink } from '../ui/ButtonLink';
import { CheckList } from '../ui/Section';
import { theme } from '../../styles/theme';

/** What a plan card shows of a plan (content/plans.json), on /pricing and in a landing page's plans. */
export const planFields = graphql`
  fragment PlanFields on PlansJson {
    name
    tagline
    description
    bestFor
    features
    mostPopular
  }
`;

export type Plan = {
  name: string;
  tagline: string;
  description: string;
  bestFor: string;
  features: readonly string[];
  mostPopular: boolean;
};

type Props = Plan & {
  mostPopularLabel: string;
  quoteCta: Queries.Link;
  /** 2 on /pricing, where the plans are the page's sections; 3 inside a section with its own heading. */
  headingLevel?: 2 | 3;
  /** The name's id (it names the card): unique on the page. */
  headingId?: string;
};

const featuredStyles = css`
  border: 1px solid transparent;
  background:
    linear-gradient(${theme.color.backgroundRaised}, ${theme.color.backgroundRaised}) padding-box,
    ${theme.gradient.brand} border-box;
  box-shadow: 0 24px 60px -30px rgba(139, 92, 246, 0.8);
`;

const Card = styled.article<{ $featured: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  padding: 2rem 1.5rem 1.5rem;
  border-radius: ${theme.radius.large};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};

  ${({ $featured }) => $featured && featuredStyles}

  h2 {
    font-size: ${theme.text.lg};
    margin-bottom: 0.25rem;
  }
`;

const Badge = styled.p`
  position: absolute;
  top: -0.85rem;
  left: 1.5rem;
  margin: 0;
  padding: 0.25rem 0.75rem;
  border-radius: ${theme.radius.pill};
  background: ${theme.gradient.brand};
  color: ${theme.color.textOnBrand};
  font-size: ${theme.text.xs};
  font-weight: ${theme.weight.bold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const Tagline = styled.p`
  color: ${theme.color.accentSoft};
  font-weight: ${theme.weight.semibold};
`;

const Muted = styled.p`
  color: ${theme.color.textMuted};
`;

const Features = styled(CheckList)`
  flex: 1;
  margin-bottom: 1.5rem;
  font-size: ${theme.text.sm};
`;

// A plan's name inside a section with its own heading (a landing page), styled as /pricing's.
const SubheadingName = styled.h3`
  font-size: ${theme.text.lg};
  margin-bottom: 0.25rem;
`;

/** One plan: name, who it suits, its features and the quote link. No prices: every build is quoted. */
export function PlanCard(props: Props) {
  const headingId = props.headingId ?? `plan-${props.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const Name = props.headingLevel === 3 ? SubheadingName : 'h2';
  return (
    <Card $featured={props.mostPopular} aria-labelledby={headingId}>
      {props.mostPopular && <Badge>{props.mostPopularLabel}</Badge>}
      <Name id={headingId}>{props.name}</Name>
      <Tagline>{props.tagline}</Tagline>
      <Muted>{props.description}</Muted>
      <Muted>
        <strong>{props.bestFor}</strong>
      </Muted>
      <Features>
        {props.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </Features>
      <ButtonLink
        to={props.quoteCta.to}
        $variant={props.mostPopular ? 'primary' : 'secondary'}
        aria-label={`${props.quoteCta.label}: ${props.name}`}
      >
        {props.quoteCta.label}
      </ButtonLink>
    </Card>
  );
}
