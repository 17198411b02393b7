import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Container } from '../ui/Container';
import { ButtonLink } from '../ui/ButtonLink';
import { SiteLink } from '../ui/SiteLink';
import { from, theme } from '../../styles/theme';
import { isCurrentPath } from './is-current-path';
import { BrandMark } from './BrandMark';
import { EARLY_ACTION_ATTRIBUTE } from '../../early-input/attributes';
import { expandedBeforeHydration } from '../../early-input/adopt';

type Props = {
  brandName: string;
  menuLabel: string;
  navigation: readonly Queries.Link[];
  cta: Queries.Link;
  pathname: string;
};

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  backdrop-filter: blur(14px);
  -webkit-backdrop-filter: blur(14px);
  background: ${theme.color.backdrop};
  border-bottom: 1px solid ${theme.color.border};

  /* Shown once whole, when the element after it has begun: a phone receives the HTML in pieces and may lay out a
     header whose end has not arrived, the menu button before its label or the links one by one, and each later
     piece would move what was shown (a layout shift of about 0.0015, 3 loads in 28 under load). A browser without
     :has() drops the rule and shows it as it comes. */
  &:not(:has(+ *)) {
    visibility: hidden;
  }
`;

const Inner = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  min-height: 4.25rem;
  flex-wrap: wrap;
`;

const MenuToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 44px;
  padding: 0.5rem 0.9rem;
  color: ${theme.color.text};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.pill};
  font-weight: ${theme.weight.semibold};
  cursor: pointer;

  ${from('nav')} {
    display: none;
  }
`;

const Nav = styled.nav`
  display: none;

  /* Open while the toggle says so: from the first tap, before hydration (src/early-input/script.ts flips
     aria-expanded), and without generating styles on a tap. */
  ${MenuToggle}[aria-expanded='true'] + & {
    display: flex;
  }
  flex-direction: column;
  gap: 1rem;
  width: 100%;
  padding: 0.5rem 0 1.25rem;

  ${from('nav')} {
    display: flex;
    flex-direction: row;
    align-items: center;
    width: auto;
    padding: 0;
    gap: 1.75rem;
  }
`;

const Links = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  margin: 0;
  padding: 0;
  list-style: none;

  ${from('nav')} {
    flex-direction: row;
    gap: 1.5rem;
  }
`;

const NavItem = styled(SiteLink)`
  display: block;
  padding: 0.6rem 0;
  color: ${theme.color.textMuted};
  font-weight: ${theme.weight.semibold};
  text-decoration: none;
  border-bottom: 2px solid transparent;

  &:hover {
    color: ${theme.color.text};
  }

  &[aria-current='page'] {
    color: ${theme.color.text};
    border-bottom-color: ${theme.color.teal};
  }
`;

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function SiteHeader({ brandName, menuLabel, navigation, cta, pathname }: Props) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navId = useId();

  // Navigating closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  // A tap made before hydration already opened it (runs after the effect above on mount).
  useEffect(() => {
    if (expandedBeforeHydration(toggleRef.current)) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <Bar>
      <Inner>
        <BrandMark brandName={brandName} />
        <MenuToggle
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={navId}
          {...{ [EARLY_ACTION_ATTRIBUTE]: 'menu' }}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon open={open} />
          {menuLabel}
        </MenuToggle>
        <Nav id={navId} aria-label="Main">
          <Links>
            {navigation.map((link) => (
              <li key={link.to}>
                <NavItem to={link.to} aria-current={isCurrentPath(link.to, pathname) ? 'page' : undefined}>
                  {link.label}
                </NavItem>
              </li>
            ))}
          </Links>
          <ButtonLink to={cta.to} aria-current={isCurrentPath(cta.to, pathname) ? 'page' : undefined}>
            {cta.label}
          </ButtonLink>
        </Nav>
      </Inner>
    </Bar>
  );
}
