// The site's look, in one place. Every token below becomes a CSS custom property (`themeCssVariables()`,
// written into each page's <head> at build time, so the first paint has them without JavaScript), and
// `theme` hands components `var(--…)` references to them. Breakpoints stay literal values: media queries
// cannot read custom properties.
const tokens = {
  color: {
    background: '#0b0a1a',
    /** Opaque cards drawn over the background (stat tiles, the featured plan, select options). */
    backgroundRaised: '#13112a',
    /** Translucent bars and boxes over the animated background (header, footer, form messages). */
    backdrop: 'rgba(11, 10, 26, 0.72)',
    surface: 'rgba(255, 255, 255, 0.05)',
    surfaceStrong: 'rgba(255, 255, 255, 0.09)',
    /** The chat panel. */
    panel: 'rgba(15, 12, 41, 0.92)',
    input: 'rgba(11, 11, 26, 0.65)',
    border: 'rgba(255, 255, 255, 0.12)',
    borderSubtle: 'rgba(255, 255, 255, 0.14)',
    borderStrong: 'rgba(255, 255, 255, 0.18)',
    text: '#f5f3ff',
    textMuted: '#c4c0dd',
    /** Text and icons on the brand gradient and on the visitor's chat bubbles. */
    textOnBrand: '#ffffff',
    /** Text on the focus colour (the skip link). */
    textOnFocus: '#0b0a1a',
    link: '#c4b5fd',
    linkHover: '#ddd6fe',
    primary: '#8b5cf6',
    primaryStrong: '#7c3aed',
    primaryLight: '#a78bfa',
    blue: '#3b82f6',
    teal: '#14b8a6',
    accent: '#5eead4',
    accentSoft: '#99f6e4',
    iconOnTint: '#e9d5ff',
    focus: '#facc15',
    danger: '#fca5a5',
    success: '#6ee7b7',
    star: '#fbbf24',
  },
  gradient: {
    /** White text keeps at least 5:1 contrast on every colour of it. */
    brand: 'linear-gradient(135deg, #7c3aed 0%, #2563eb 100%)',
    text: 'linear-gradient(90deg, #c4b5fd 0%, #93c5fd 50%, #5eead4 100%)',
    /** A deeper brand gradient under the visitor's chat messages (long text). */
    bubble: 'linear-gradient(135deg, #6d28d9 0%, #1d4ed8 100%)',
  },
  radius: { small: '10px', medium: '16px', large: '24px', pill: '999px' },
  space: {
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2.5rem',
    xxl: '4rem',
    section: 'clamp(3.5rem, 8vw, 6.5rem)',
  },
  font: {
    body: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    display: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  /**
   * The type scale. Every text on the site takes one of these sizes and one of the weights below: each
   * (size, weight) pair the browser meets is a font instance it sets up on the page's first layout.
   * The fluid steps reach their smallest value on phones, where `lead` is the body size.
   */
  text: {
    xs: '0.8125rem',
    sm: '0.9375rem',
    base: '1.0625rem',
    lead: 'clamp(1.0625rem, 2vw, 1.25rem)',
    lg: '1.1875rem',
    xl: 'clamp(1.5rem, 3.5vw, 2rem)',
    xxl: 'clamp(1.75rem, 4vw, 2.5rem)',
    title: 'clamp(2.1rem, 5.5vw, 3.5rem)',
    display: 'clamp(2.4rem, 7vw, 4.6rem)',
  },
  weight: { regular: '400', semibold: '600', bold: '700' },
  size: { content: '72rem', prose: '46rem' },
  shadow: {
    card: '0 1px 0 rgba(255,255,255,0.06) inset, 0 20px 40px -24px rgba(0,0,0,0.6)',
    glow: '0 10px 30px -10px rgba(139, 92, 246, 0.6)',
    panel: '0 24px 60px rgba(8, 6, 30, 0.55), 0 0 0 1px rgba(255, 255, 255, 0.06)',
  },
} as const;

type Tokens = typeof tokens;
type TokenGroup = keyof Tokens;
type VariableReferences = { readonly [G in TokenGroup]: { readonly [K in keyof Tokens[G]]: string } };

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The custom property of a token: `color.textMuted` is `--color-text-muted`. */
const propertyName = (group: string, name: string) => `--${kebab(group)}-${kebab(name)}`;

const entries = Object.entries(tokens).flatMap(([group, values]) =>
  Object.entries(values).map(([name, value]) => ({ group, name, property: propertyName(group, name), value })),
);

/** Every custom property the theme defines, with its value. */
export const themeVariables: ReadonlyMap<string, string> = new Map(
  entries.map(({ property, value }) => [property, value]),
);

/** The `:root` rule that defines every token as a custom property. */
export function themeCssVariables(): string {
  const declarations = entries.map(({ property, value }) => `${property}:${value};`).join('');
  return `:root{${declarations}}`;
}

const references = Object.fromEntries(
  Object.entries(tokens).map(([group, values]) => [
    group,
    Object.fromEntries(Object.keys(values).map((name) => [name, `var(${propertyName(group, name)})`])),
  ]),
) as VariableReferences;

export const theme = {
  ...references,
  breakpoint: { nav: '860px', tablet: '720px', desktop: '1024px' },
} as const;

export type Theme = typeof theme;

/** The text size of form fields and the chat box: 16px or more keeps mobile browsers from zooming in on focus. */
export const fieldFontSize = `max(16px, ${theme.text.base})`;

/** Media query for widths from `breakpoint` up. */
export const from = (breakpoint: keyof Theme['breakpoint']) => `@media (min-width: ${theme.breakpoint[breakpoint]})`;

/** A token's literal value, for the few places that cannot read CSS (the web app manifest, `<meta name="theme-color">`). */
export const colorValue = (name: keyof Tokens['color']): string => tokens.color[name];
