// The forms' look. The site theme is not a dependency: colours come from CSS custom properties with
// fallbacks chosen for AA contrast on the site's near-black (#0b0b1a) background.
import styled, { css } from 'styled-components';
import { EARLY_SUBMIT_ATTRIBUTE } from '../../early-input/attributes';

const focusRing = css`
  outline: 3px solid var(--color-focus, #c4b5fd);
  outline-offset: 2px;
`;

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
  border: 1px solid var(--color-border-subtle, rgba(255, 255, 255, 0.14));
  border-radius: var(--radius, 14px);
  background: var(--color-surface, rgba(255, 255, 255, 0.06));
  backdrop-filter: blur(14px);
  box-shadow: 0 24px 60px -30px rgba(124, 58, 237, 0.55);
  color: var(--color-text, #f5f3ff);
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
  font-size: 0.95rem;
  font-weight: 600;
  color: var(--color-text, #f5f3ff);
`;

const control = css<{ $invalid: boolean }>`
  ${clearOfStickyHeader}
  width: 100%;
  min-height: 3rem;
  padding: 0.75rem 0.9rem;
  font: inherit;
  font-size: 1rem; /* 16px or more keeps mobile browsers from zooming in on focus */
  color: var(--color-text, #f5f3ff);
  background: var(--color-input, rgba(11, 11, 26, 0.65));
  border: 1px solid
    ${({ $invalid }) => ($invalid ? 'var(--color-danger, #f87171)' : 'var(--color-border, rgba(255, 255, 255, 0.45))')};
  border-radius: calc(var(--radius, 14px) - 4px);
  transition:
    border-color 150ms ease,
    box-shadow 150ms ease;

  &::placeholder {
    color: var(--color-text-muted, rgba(245, 243, 255, 0.62));
    opacity: 1;
  }

  &:hover {
    border-color: var(--color-primary-light, #a78bfa);
  }

  &:focus-visible {
    ${focusRing}
    border-color: var(--color-primary-light, #a78bfa);
  }

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

export const Input = styled.input<{ $invalid: boolean }>`
  ${control}
`;

export const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${control}
  min-height: 8rem;
  resize: vertical;
`;

export const Select = styled.select<{ $invalid: boolean }>`
  ${control}
  appearance: none;
  padding-right: 2.5rem;
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'%3E%3Cpath fill='none' stroke='%23c4b5fd' stroke-width='2' d='M1 1l5 5 5-5'/%3E%3C/svg%3E");
  background-repeat: no-repeat;
  background-position: right 1rem center;

  option {
    color: #f5f3ff;
    background: #14142b;
  }
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: var(--color-danger, #f87171);
`;

export const Note = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: var(--color-text-muted, rgba(245, 243, 255, 0.78));
`;

export const SubmitButton = styled.button`
  justify-self: stretch;
  min-height: 3.25rem;
  padding: 0.85rem 1.75rem;
  font: inherit;
  font-size: 1.05rem;
  font-weight: 700;
  color: #fff;
  background: linear-gradient(135deg, var(--color-primary, #7c3aed), var(--color-secondary, #2563eb));
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

  &:focus-visible {
    ${focusRing}
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

const tones = {
  success: 'var(--color-success, #34d399)',
  error: 'var(--color-danger, #f87171)',
};

export const Banner = styled.div<{ $tone: keyof typeof tones }>`
  display: grid;
  gap: 0.75rem;
  padding: 1rem 1.25rem;
  border: 1px solid ${({ $tone }) => tones[$tone]};
  border-left-width: 4px;
  border-radius: var(--radius, 14px);
  background: rgba(11, 11, 26, 0.8);
  color: var(--color-text, #f5f3ff);
  ${clearOfStickyHeader}

  &:focus-visible {
    ${focusRing}
  }

  p {
    margin: 0;
  }

  a {
    color: var(--color-link, #c4b5fd);
    font-weight: 600;
    text-decoration: underline;
    overflow-wrap: anywhere;
  }

  a:focus-visible {
    ${focusRing}
  }
`;

export const ConfirmationCard = styled.section`
  display: grid;
  justify-items: start;
  gap: 1rem;
  padding: clamp(1.5rem, 5vw, 2.5rem);
  border: 1px solid var(--color-success, #34d399);
  border-radius: var(--radius, 14px);
  background: var(--color-surface, rgba(255, 255, 255, 0.06));
  backdrop-filter: blur(14px);
  color: var(--color-text, #f5f3ff);

  h2 {
    margin: 0;
    font-size: clamp(1.5rem, 5vw, 2rem);
    ${clearOfStickyHeader}
  }

  h2:focus-visible {
    ${focusRing}
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
  font-weight: 600;
  color: var(--color-link, #c4b5fd);
  text-decoration: underline;
  background: none;
  border: 0;
  cursor: pointer;

  &:focus-visible {
    ${focusRing}
  }
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
