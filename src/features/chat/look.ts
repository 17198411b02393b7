// The chat widget's names for the site theme's tokens, and its own sizes. The focus ring is the site's one, from
// global.css.
import { css } from 'styled-components';
import { fieldFontSize, theme } from '../../styles/theme';

const { color, gradient } = theme;

export const look = {
  surface: color.panel,
  surfaceRaised: color.surface,
  border: color.borderSubtle,
  text: color.text,
  textMuted: color.textMuted,
  textOnBrand: color.textOnBrand,
  accent: color.accentSoft,
  gradient: gradient.brand,
  visitorBubble: gradient.bubble,
  shadow: theme.shadow.panel,
  font: theme.font.body,
  fontSize: theme.text,
  fontWeight: theme.weight,
  fieldFontSize,
  /** Phones narrower than this get the panel full-screen. */
  phoneMaxWidth: '479.98px',
  zIndex: 1000,
};

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
