// The forms' look, from the site theme's custom properties. The focus ring is the site's one, from global.css.
import styled, { css } from 'styled-components';
import { fieldFontSize, theme } from '../../styles/theme';
import { CollectionNotice } from '../../components/privacy/CollectionNotice';
import { EARLY_SUBMIT_ATTRIBUTE } from '../../early-input/attributes';

const { color } = theme;

/**
 * Whatever the form moves focus to (first invalid field, outcome message, confirmation heading) is
 * scrolled into view below the site's sticky header (4.25rem), with room for a field's label above it.
 * Without it, focus() aligned these to the top edge, under the header (WCAG 2.2 focus not obscured).
 */
const clearOfStickyHeader = css`
  scroll-margin-top: 7rem;
`;

export const FormCard = styled.form`
  color-scheme: dark;
  display: grid;
  gap: 1.25rem;
  width: 100%;
  min-width: 0;
  padding: clamp(1.25rem, 4vw, 2.25rem);
  border: 1px solid ${color.borderSubtle};
  border-radius: ${theme.radius.medium};
  background: ${color.surface};
  backdrop-filter: blur(14px);
  box-shadow: 0 24px 60px -30px rgba(124, 58, 237, 0.55);
  color: ${color.text};
`;

export const FieldGrid = styled.div`
  display: grid;
  gap: 1.25rem;

  @media (min-width: 40rem) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** A field spanning the whole grid row (select, text areas). */
export const FieldGroup = styled.div<{ $wide?: boolean }>`
  display: grid;
  gap: 0.4rem;
  min-width: 0;
  ${({ $wide }) =>
    $wide &&
    css`
      grid-column: 1 / -1;
    `}
`;

export const Label = styled.label`
  font-size: ${theme.text.sm};
  font-weight: ${theme.weight.semibold};
  color: ${color.text};
`;

// States as attribute selectors (aria-invalid is set with an error), so showing an error generates no styles.
const control = css`
  ${clearOfStickyHeader}
  width: 100%;
  min-height: 3rem;
  padding: 0.75rem 0.9rem;
  font: inherit;
  font-size: ${fieldFontSize};
  color: ${color.text};
  background: ${color.input};
  border: 1px solid ${color.border};
  border-radius: calc(${theme.radius.medium} - 4px);
  transition:
    border-color 150ms ease,
    box-shadow 150ms ease;

  &::placeholder {
    color: ${color.textMuted};
    opacity: 1;
  }

  &[aria-invalid='true'] {
    border-color: ${color.danger};
  }

  &:hover {
    border-color: ${color.primaryLight};
  }

  &:focus-visible {
    border-color: ${color.primaryLight};
  }

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

export const Input = styled.input`
  ${control}
`;

export const TextArea = styled.textarea`
  ${control}
  min-height: 8rem;
  resize: vertical;
`;

export const Select = styled.select`
  ${control}
  appearance: none;
  padding-right: 2.5rem;
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'%3E%3Cpath fill='none' stroke='%23c4b5fd' stroke-width='2' d='M1 1l5 5 5-5'/%3E%3C/svg%3E");
  background-repeat: no-repeat;
  background-position: right 1rem center;

  option {
    color: ${color.text};
    background: ${color.backgroundRaised};
  }
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: ${theme.text.sm};
  color: ${color.danger};
`;

export const Note = styled.p`
  margin: 0;
  font-size: ${theme.text.sm};
  color: ${color.textMuted};
`;

export const PrivacyNote = styled(CollectionNotice)`
  margin: 0;
  font-size: ${theme.text.sm};
  line-height: 1.5;
  color: ${color.textMuted};

  a {
    color: ${color.text};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;

export const SubmitButton = styled.button`
  justify-self: stretch;
  min-height: 3.25rem;
  padding: 0.85rem 1.75rem;
  font: inherit;
  font-size: ${theme.text.base};
  font-weight: ${theme.weight.bold};
  color: ${color.textOnBrand};
  background: ${theme.gradient.brand};
  border: 0;
  border-radius: 999px;
  cursor: pointer;
  transition:
    transform 150ms ease,
    box-shadow 150ms ease;

  &:hover:not(:disabled) {
    transform: translateY(-1px);
    box-shadow: 0 12px 30px -12px rgba(124, 58, 237, 0.8);
  }

  &:disabled,
  /* Submitted before the page was interactive: sent as soon as it is (src/early-input/). */
  form[${EARLY_SUBMIT_ATTRIBUTE}] & {
    cursor: progress;
    opacity: 0.75;
  }

  @media (min-width: 40rem) {
    justify-self: start;
  }

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

/** The tone is a data-tone attribute, not a prop: one static rule set for both tones. */
export const Banner = styled.div`
  display: grid;
  gap: 0.75rem;
  padding: 1rem 1.25rem;
  border: 1px solid ${color.success};
  border-left-width: 4px;
  border-radius: ${theme.radius.medium};
  background: ${color.backdrop};
  color: ${color.text};
  ${clearOfStickyHeader}

  &[data-tone='error'] {
    border-color: ${color.danger};
  }

  p {
    margin: 0;
  }

  a {
    color: ${color.link};
    font-weight: ${theme.weight.semibold};
    text-decoration: underline;
    overflow-wrap: anywhere;
  }
`;

export const ConfirmationCard = styled.section`
  display: grid;
  justify-items: start;
  gap: 1rem;
  padding: clamp(1.5rem, 5vw, 2.5rem);
  border: 1px solid ${color.success};
  border-radius: ${theme.radius.medium};
  background: ${color.surface};
  backdrop-filter: blur(14px);
  color: ${color.text};

  h2 {
    margin: 0;
    font-size: ${theme.text.xl};
    ${clearOfStickyHeader}
  }

  p {
    margin: 0;
  }
`;

/** An action (not navigation) that reads as a link inside a message. */
export const LinkButton = styled.button`
  justify-self: start;
  padding: 0;
  font: inherit;
  font-weight: ${theme.weight.semibold};
  color: ${color.link};
  text-decoration: underline;
  background: none;
  border: 0;
  cursor: pointer;
`;

export const SecondaryButton = styled(SubmitButton)`
  justify-self: start;
`;

/** Out of sight and out of the accessibility tree, but still in the DOM for bots to fill. */
export const HoneypotBox = styled.div`
  position: absolute;
  left: -10000px;
  top: auto;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;
