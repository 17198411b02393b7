// The dashboard's look, from the site theme (its forms' fields and buttons are reused: src/features/forms/styles.ts).
import styled from 'styled-components';
import { theme } from '../../styles/theme';

const { color } = theme;

export const Panel = styled.section`
  display: grid;
  gap: 1rem;
  margin-top: 1.5rem;
  padding: clamp(1.25rem, 4vw, 2rem);
  border: 1px solid ${color.border};
  border-radius: ${theme.radius.medium};
  background: ${color.surface};
  color: ${color.text};
  min-width: 0;

  h2,
  h3 {
    margin: 0;
    scroll-margin-top: 7rem;
  }

  h2 {
    font-size: ${theme.text.xl};
  }

  h3 {
    font-size: ${theme.text.base};
  }

  p {
    margin: 0;
  }
`;

export const Form = styled.form`
  display: grid;
  gap: 1rem;
`;

export const Muted = styled.p`
  color: ${color.textMuted};
  font-size: ${theme.text.sm};
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: end;
`;

export const Choices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.25rem;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: 0.5rem;
    padding: 0;
    font-weight: ${theme.weight.semibold};
  }

  label {
    display: inline-flex;
    gap: 0.5rem;
    align-items: center;
    min-height: 2.75rem;
    cursor: pointer;
  }

  input {
    width: 1.15rem;
    height: 1.15rem;
    accent-color: ${color.primaryLight};
  }
`;

export const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    gap: 0.25rem;
    align-content: start;
    padding: 1rem;
    border: 1px solid ${color.borderSubtle};
    border-radius: ${theme.radius.small};
    background: ${color.surfaceStrong};
  }
`;

export const Figure = styled.p`
  font-size: ${theme.text.xxl};
  font-weight: ${theme.weight.bold};
  line-height: 1.1;
  font-variant-numeric: tabular-nums;
`;

/**
 * A table's own horizontal scroll on a narrow screen. Its users make it focusable and name it (tabIndex 0, a group
 * labelled by the table's heading), so a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export const TableScroll = styled.div`
  overflow-x: auto;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.text.sm};
  font-variant-numeric: tabular-nums;

  th,
  td {
    padding: 0.5rem 0.75rem;
    border-bottom: 1px solid ${color.border};
    text-align: right;
    white-space: nowrap;
  }

  th:first-child,
  td:first-child {
    text-align: left;
    white-space: normal;
    overflow-wrap: anywhere;
  }

  thead th {
    color: ${color.textMuted};
    font-weight: ${theme.weight.semibold};
  }

  tbody th {
    font-weight: ${theme.weight.regular};
  }
`;

export const Bar = styled.span<{ $share: number }>`
  display: block;
  height: 0.5rem;
  margin-top: 0.35rem;
  width: ${({ $share }) => `${Math.max(0, Math.min(1, $share)) * 100}%`};
  border-radius: ${theme.radius.pill};
  background: ${theme.gradient.brand};
`;

export const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.text.sm};

  li {
    display: inline-flex;
    gap: 0.5rem;
    align-items: center;
  }
`;

export const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 1rem;
  height: 0.25rem;
  border-radius: 2px;
  background: ${({ $color }) => $color};
`;
