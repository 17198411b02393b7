// The zone picker's look (ZonePicker), apart from the booking views' styles.ts so that the pages that share those
// (the host's and the team's pages) do not carry it. The list's states are attribute selectors (aria-selected,
// data-current) in static rules, and its options are styled from the list, so opening it or moving through it
// generates no styles.
import styled from 'styled-components';
import { theme } from '../../styles/theme';

const { color } = theme;

export const ZoneField = styled.div`
  display: grid;
  gap: 0.35rem;
  max-width: 28rem;

  label {
    font-weight: ${theme.weight.semibold};
  }
`;

export const ZoneHint = styled.p`
  font-size: ${theme.text.sm};
  color: ${color.textMuted};
`;

export const ZoneCombo = styled.div`
  position: relative;
`;

export const ZoneInput = styled.input`
  width: 100%;
  min-height: 2.75rem;
  padding: 0.4rem 2.5rem 0.4rem 0.75rem;
  font: inherit;
  color: ${color.text};
  background: ${color.backdrop}
    url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'%3E%3Cpath fill='none' stroke='%23c4b5fd' stroke-width='2' d='M1 1l5 5 5-5'/%3E%3C/svg%3E")
    no-repeat right 1rem center;
  border: 1px solid ${color.border};
  border-radius: ${theme.radius.small};
  text-overflow: ellipsis;

  &:hover,
  &:focus-visible {
    border-color: ${color.primaryLight};
  }
`;

export const ZoneListbox = styled.div`
  position: absolute;
  z-index: 20;
  top: calc(100% + 0.25rem);
  left: 0;
  right: 0;
  max-height: min(20rem, 55vh);
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: 0.25rem;
  color: ${color.text};
  background: ${color.backgroundRaised};
  border: 1px solid ${color.borderStrong};
  border-radius: ${theme.radius.small};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.45);

  &[hidden] {
    display: none;
  }

  [data-group-label] {
    padding: 0.6rem 0.75rem 0.25rem;
    font-size: ${theme.text.sm};
    font-weight: ${theme.weight.semibold};
    color: ${color.textMuted};
  }

  [role='option'] {
    display: flex;
    align-items: center;
    min-height: 2.75rem;
    padding: 0.35rem 0.75rem;
    border-radius: calc(${theme.radius.small} - 4px);
    cursor: pointer;
  }

  [role='option']:hover {
    background: ${color.surfaceStrong};
  }

  [role='option'][data-current] {
    font-weight: ${theme.weight.semibold};
    box-shadow: inset 3px 0 0 ${color.link};
  }

  [role='option'][aria-selected='true'] {
    background: ${color.surfaceStrong};
    outline: 2px solid ${color.focus};
    outline-offset: -2px;
  }
`;

export const ZoneStatus = styled.p`
  font-size: ${theme.text.sm};
  color: ${color.textMuted};
`;
