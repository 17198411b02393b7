import styled from 'styled-components';
import { theme } from '../../styles/theme';

export const Section = styled.section`
  padding: ${theme.space.section} 0 0;
`;

export const SectionHeader = styled.header`
  max-width: 44rem;
  margin-bottom: 2.5rem;

  h2 {
    font-size: ${theme.text.xxl};
  }

  p {
    color: ${theme.color.textMuted};
    font-size: ${theme.text.lead};
  }
`;

export const Eyebrow = styled.p`
  display: inline-block;
  margin-bottom: 1rem;
  padding: 0.35rem 0.85rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.pill};
  background: ${theme.color.surface};
  color: ${theme.color.accentSoft};
  font-size: ${theme.text.xs};
  font-weight: ${theme.weight.semibold};
  letter-spacing: 0.02em;
`;

export const GradientText = styled.span`
  background: ${theme.gradient.text};
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`;

export const Card = styled.article`
  height: 100%;
  padding: clamp(1.25rem, 3vw, 1.75rem);
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow.card};
`;

export const CardGrid = styled.div<{ $min?: string }>`
  display: grid;
  gap: 1.25rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min = '15rem' }) => $min}), 1fr));
`;

export const CheckList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    position: relative;
    padding: 0.3rem 0 0.3rem 1.75rem;
  }

  li::before {
    content: '';
    position: absolute;
    left: 0.15rem;
    top: 0.75rem;
    width: 0.8rem;
    height: 0.45rem;
    border-left: 2px solid ${theme.color.accent};
    border-bottom: 2px solid ${theme.color.accent};
    transform: rotate(-45deg);
  }
`;
