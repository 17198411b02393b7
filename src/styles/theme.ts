// Design tokens, in one place. Components read them through styled-components' theme; the same colours
// are exposed as CSS custom properties in global.css for plain CSS and lazily loaded widgets.
export const theme = {
  color: {
    background: '#0b0a1a',
    surface: 'rgba(255, 255, 255, 0.05)',
    surfaceStrong: 'rgba(255, 255, 255, 0.09)',
    border: 'rgba(255, 255, 255, 0.12)',
    text: '#f5f3ff',
    textMuted: '#c4c0dd',
    primary: '#8b5cf6',
    primaryStrong: '#7c3aed',
    blue: '#3b82f6',
    teal: '#14b8a6',
    accent: '#5eead4',
    focus: '#facc15',
    danger: '#fca5a5',
    success: '#6ee7b7',
    star: '#fbbf24',
  },
  gradient: {
    brand: 'linear-gradient(135deg, #8b5cf6 0%, #3b82f6 55%, #14b8a6 100%)',
    text: 'linear-gradient(90deg, #c4b5fd 0%, #93c5fd 50%, #5eead4 100%)',
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
  size: { content: '72rem', prose: '46rem' },
  breakpoint: { nav: '860px', tablet: '720px', desktop: '1024px' },
  shadow: {
    card: '0 1px 0 rgba(255,255,255,0.06) inset, 0 20px 40px -24px rgba(0,0,0,0.6)',
    glow: '0 10px 30px -10px rgba(139, 92, 246, 0.6)',
  },
} as const;

export type Theme = typeof theme;

/** Media query for widths from `breakpoint` up. */
export const from = (breakpoint: keyof Theme['breakpoint']) => `@media (min-width: ${theme.breakpoint[breakpoint]})`;
