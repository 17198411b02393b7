// The widget's own colours and sizes. The site theme is read through CSS custom properties with these
// as fallbacks, so the chat looks right whether or not the theme defines them.
import { css } from 'styled-components';

export const look = {
  surface: 'var(--chat-surface, rgba(15, 12, 41, 0.92))',
  surfaceRaised: 'var(--chat-surface-raised, rgba(255, 255, 255, 0.06))',
  border: 'var(--chat-border, rgba(255, 255, 255, 0.14))',
  text: 'var(--color-text, #f5f3ff)',
  textMuted: 'var(--color-text-muted, #c4c0e0)',
  primary: 'var(--color-primary, #7c3aed)',
  focus: 'var(--color-focus, #5eead4)',
  gradient: 'linear-gradient(135deg, #7c3aed 0%, #2563eb 55%, #14b8a6 100%)',
  visitorBubble: 'linear-gradient(135deg, #6d28d9 0%, #1d4ed8 100%)',
  shadow: '0 24px 60px rgba(8, 6, 30, 0.55), 0 0 0 1px rgba(255, 255, 255, 0.06)',
  font: "var(--font-body, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif)",
  /** Phones narrower than this get the panel full-screen. */
  phoneMaxWidth: '479.98px',
  zIndex: 1000,
};

export const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${look.focus};
    outline-offset: 2px;
  }
`;

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;
