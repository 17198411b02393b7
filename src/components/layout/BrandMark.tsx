import { Link } from 'gatsby';
import styled from 'styled-components';
import { theme } from '../../styles/theme';

const Home = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  min-height: 44px;
  color: ${theme.color.text};
  font-weight: ${theme.weight.bold};
  font-size: ${theme.text.lg};
  letter-spacing: -0.02em;
  text-decoration: none;

  &:hover {
    color: ${theme.color.text};
  }
`;

const Logo = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: ${theme.radius.small};
  color: ${theme.color.textOnBrand};
  background: ${theme.gradient.brand};
  box-shadow: ${theme.shadow.glow};
`;

/** The brand name with its logo, linking home. */
export function BrandMark({ brandName }: { brandName: string }) {
  return (
    <Home to="/">
      <Logo aria-hidden="true">
        <svg width="16" height="16" viewBox="0 0 24 24" focusable="false">
          <path
            d="M4 18 L10 6 L14 14 L20 4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </Logo>
      {brandName}
    </Home>
  );
}
