import styled from 'styled-components';
import { theme } from '../../styles/theme';

const paths: Record<string, string> = {
  funnel: 'M3 5h18l-7 8v5l-4 2v-7L3 5z',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1v-4zm16 0h-3v5h2a1 1 0 0 0 1-1v-4zM17 19c0 1.5-2 2-5 2',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3v3H8z',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
};

const Badge = styled.span`
  display: inline-grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  margin-bottom: 1rem;
  border-radius: ${theme.radius.medium};
  background: linear-gradient(135deg, rgba(139, 92, 246, 0.35), rgba(20, 184, 166, 0.3));
  border: 1px solid ${theme.color.borderStrong};
  color: ${theme.color.iconOnTint};
`;

/** The decorative icon of a service (named in the service's frontmatter). */
export function ServiceIcon({ name }: { name: string }) {
  return (
    <Badge aria-hidden="true">
      <svg width="24" height="24" viewBox="0 0 24 24" focusable="false">
        <path
          d={paths[name] ?? paths.funnel}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
    </Badge>
  );
}
