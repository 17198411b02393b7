// The booking views' look, from the site theme, next to the forms' (their buttons and cards are reused).
import styled from 'styled-components';
import { theme } from '../../styles/theme';

const { color } = theme;

export const PickerSection = styled.section`
  display: grid;
  gap: 1rem;
  margin-top: 1.5rem;
  padding: clamp(1.25rem, 4vw, 2rem);
  border: 1px solid ${color.border};
  border-radius: ${theme.radius.medium};
  background: ${color.surface};
  color: ${color.text};

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

  a {
    color: ${color.link};
    font-weight: ${theme.weight.semibold};
  }
`;

export const Days = styled.div`
  display: grid;
  gap: 1.25rem;

  @media (min-width: 48rem) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export const DayGroup = styled.div`
  display: grid;
  gap: 0.5rem;
  align-content: start;
`;

export const SlotList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const SlotButton = styled.button`
  min-width: 6rem;
  min-height: 2.75rem;
  padding: 0.5rem 0.85rem;
  font: inherit;
  font-weight: ${theme.weight.semibold};
  color: ${color.text};
  background: ${color.backdrop};
  border: 1px solid ${color.border};
  border-radius: ${theme.radius.small};
  cursor: pointer;

  &:hover:not(:disabled) {
    border-color: ${color.link};
  }

  &:disabled {
    cursor: progress;
    opacity: 0.75;
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
`;

export const Message = styled.p`
  padding: 0.75rem 1rem;
  border-left: 4px solid ${color.link};
  background: ${color.backdrop};

  &[data-tone='error'] {
    border-left-color: ${color.danger};
  }
`;

export const CalendarLinks = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;
