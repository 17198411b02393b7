import type { ReactNode } from 'react';
import { graphql } from 'gatsby';
import styled from 'styled-components';
import { Container } from '../ui/Container';
import { CheckList, Section } from '../ui/Section';
import { PageHero } from '../ui/PageHero';
import { from, theme } from '../../styles/theme';

const Grid = styled.div`
  display: grid;
  gap: 2rem;
  align-items: start;

  ${from('desktop')} {
    grid-template-columns: 2fr 3fr;
    gap: 3rem;
  }
`;

// The form comes first in the HTML, as phones show it: a phone paints the page while its HTML is still
// arriving, and a form parsed after the details and placed above them would push them down (layout shift).
const FormColumn = styled.div`
  ${from('desktop')} {
    grid-column: 2;
    grid-row: 1;
  }
`;

const Details = styled.aside`
  padding: 1.5rem;
  border-radius: ${theme.radius.large};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};

  h2 {
    font-size: ${theme.text.lg};
  }

  ${from('desktop')} {
    grid-column: 1;
    grid-row: 1;
    position: sticky;
    top: 6rem;
  }
`;

export const callDetailsFields = graphql`
  fragment CallDetailsFields on CallDetails {
    title
    points
  }
`;

type Props = {
  page: { hero: Queries.PageHeroFieldsFragment; callDetails: Queries.CallDetailsFieldsFragment };
  /** The page's lead form. */
  children: ReactNode;
};

/** /contact and /book: the page's hero, then what the call involves beside the form. */
export function LeadPageLayout({ page: { hero, callDetails }, children }: Props) {
  return (
    <>
      <PageHero {...hero} />
      <Section aria-label={callDetails.title}>
        <Container>
          <Grid>
            <FormColumn>{children}</FormColumn>
            <Details aria-labelledby="call-details-title">
              <h2 id="call-details-title">{callDetails.title}</h2>
              <CheckList>
                {callDetails.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </CheckList>
            </Details>
          </Grid>
        </Container>
      </Section>
    </>
  );
}
