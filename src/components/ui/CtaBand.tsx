import { graphql } from 'gatsby';
import styled from 'styled-components';
import { Container } from './Container';
import { Section } from './Section';
import { ButtonLink } from './ButtonLink';
import { theme } from '../../styles/theme';

const Band = styled.div`
  padding: clamp(2rem, 5vw, 3.5rem);
  border-radius: ${theme.radius.large};
  border: 1px solid ${theme.color.borderStrong};
  background:
    radial-gradient(circle at 0% 0%, rgba(139, 92, 246, 0.35), transparent 55%),
    radial-gradient(circle at 100% 100%, rgba(20, 184, 166, 0.28), transparent 55%), ${theme.color.surface};
  text-align: center;

  h2 {
    font-size: ${theme.text.xxl};
  }

  p {
    max-width: 40rem;
    margin: 0 auto 1.75rem;
    color: ${theme.color.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.75rem;
`;

export const ctaBandFields = graphql`
  fragment CtaBandFields on CtaBand {
    title
    text
    cta {
      ...LinkFields
    }
  }
`;

/** A closing call to action: heading, text and one or two buttons. */
export function CtaBand({
  titleId = 'cta-title',
  title,
  text,
  primary,
  secondary,
}: {
  /** The heading's id, which names the section: unique on the page. */
  titleId?: string;
  title: string;
  text: string;
  primary: Queries.Link;
  secondary?: Queries.Link;
}) {
  return (
    <Section aria-labelledby={titleId}>
      <Container>
        <Band>
          <h2 id={titleId}>{title}</h2>
          <p>{text}</p>
          <Actions>
            <ButtonLink to={primary.to}>{primary.label}</ButtonLink>
            {secondary && (
              <ButtonLink to={secondary.to} $variant="secondary">
                {secondary.label}
              </ButtonLink>
            )}
          </Actions>
        </Band>
      </Container>
    </Section>
  );
}
