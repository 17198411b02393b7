import styled from 'styled-components';
import { theme } from '../../styles/theme';

export const Container = styled.div`
  width: 100%;
  max-width: ${theme.size.content};
  margin: 0 auto;
  padding: 0 clamp(1rem, 4vw, 2rem);
`;
