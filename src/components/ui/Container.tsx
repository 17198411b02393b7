import styled from 'styled-components';

export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.size.content};
  margin: 0 auto;
  padding: 0 clamp(1rem, 4vw, 2rem);
`;
