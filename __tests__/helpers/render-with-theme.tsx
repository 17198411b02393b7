import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../src/styles/theme';

export function renderWithTheme(element: ReactElement) {
  return render(<ThemeProvider theme={theme}>{element}</ThemeProvider>);
}
