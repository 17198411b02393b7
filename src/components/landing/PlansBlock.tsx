import { graphql } from 'gatsby';
import { PlanCard, type Plan } from '../pricing/PlanCard';
import { CardGrid } from '../ui/Section';
import { TitledSection } from '../ui/TitledSection';
import type { SectionKey } from './section-key';

export const landingPlansFields = graphql`
  fragment LandingPlansFields on LandingPlans {
    type
    title
    intro
    plans {
      ...PlanFields
    }
  }
`;

export type PlansBlockProps = {
  title: string;
  intro: string;
  /** The plans the page names, in its order. */
  plans: readonly Plan[];
  /** The badge and the quote link of every plan, from the pricing page (content/pages/pricing.json), as /pricing shows them. */
  mostPopularLabel: string;
  quoteCta: Queries.Link;
};

/** Plan cards as on /pricing, under the section's own heading. */
export function PlansBlock({
  sectionKey,
  title,
  intro,
  plans,
  mostPopularLabel,
  quoteCta,
}: PlansBlockProps & SectionKey) {
  return (
    <TitledSection titleId={`${sectionKey}-title`} title={title} intro={intro}>
      <CardGrid $min="15.5rem">
        {plans.map((plan, index) => (
          <PlanCard
            key={plan.name}
            {...plan}
            mostPopularLabel={mostPopularLabel}
            quoteCta={quoteCta}
            headingLevel={3}
            headingId={`${sectionKey}-plan-${index + 1}`}
          />
        ))}
      </CardGrid>
    </TitledSection>
  );
}
