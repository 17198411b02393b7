import styled from 'styled-components';
import { theme } from '../../styles/theme';

/** Long-form text from Markdown/MDX: legal pages and service descriptions. */
export const Prose = styled.div`
  max-width: ${theme.size.prose};
  color: ${theme.color.textMuted};

  h2 {
    margin-top: 2.5rem;
    font-size: ${theme.text.xl};
    color: ${theme.color.text};
  }

  h3 {
    margin-top: 1.75rem;
    font-size: ${theme.text.lg};
    color: ${theme.color.text};
  }

  strong {
    color: ${theme.color.text};
  }

  ul,
  ol {
    padding-left: 1.4rem;
    margin: 0 0 1rem;
  }

  li {
    margin: 0.3rem 0;
  }
`;
