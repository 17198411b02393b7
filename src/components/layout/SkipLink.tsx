import styled from 'styled-components';
import { theme } from '../../styles/theme';

const Skip = styled.a`
  position: absolute;
  left: 1rem;
  top: -4rem;
  z-index: 100;
  padding: 0.75rem 1.25rem;
  border-radius: ${theme.radius.small};
  color: ${theme.color.textOnFocus};
  background: ${theme.color.focus};
  font-weight: ${theme.weight.bold};
  text-decoration: none;

  &:focus {
    top: 1rem;
    color: ${theme.color.textOnFocus};
  }
`;

export function SkipLink({ label, target }: { label: string; target: string }) {
  return <Skip href={`#${target}`}>{label}</Skip>;
}
