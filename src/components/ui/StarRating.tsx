import styled from 'styled-components';
import { theme } from '../../styles/theme';

const Stars = styled.p`
  display: flex;
  gap: 0.15rem;
  margin: 0 0 0.75rem;
  color: ${theme.color.star};
`;

/** A rating out of five, drawn as stars and read out as text. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <Stars>
      <span className="visually-hidden">{`Rated ${rating} out of 5`}</span>
      {Array.from({ length: 5 }, (_, index) => (
        <svg key={index} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z"
            fill={index < rating ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.2"
          />
        </svg>
      ))}
    </Stars>
  );
}
