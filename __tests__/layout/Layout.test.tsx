import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Layout } from '../../src/components/layout/Layout';
import { mockSiteSettings } from '../helpers/site-settings';
import { single } from '../helpers/content-fixtures';
import { navigation, navigationCta } from '../fixtures/spec-texts';

type Site = {
  brandName: string;
  skipLinkLabel: string;
  menuLabel: string;
  footer: { copyright: string; columns: { links: { label: string; to: string }[] }[] };
};
let site: Site;
beforeEach(() => {
  site = mockSiteSettings() as unknown as Site;
});
const [servicesLabel, pricingLabel, contactLabel] = navigation;
const menuToggle = () => screen.getByRole('button', { name: site.menuLabel });

function renderLayout(pathname: string) {
  return render(
    <Layout pathname={pathname}>
      <h1>Page body</h1>
    </Layout>,
  );
}

// jsdom applies no media queries, so the navigation counts as the closed mobile menu (display: none);
// these helpers find it and its links anyway, as a desktop browser would show them.
const mainNav = () =>
  screen.getAllByRole('navigation', { hidden: true }).find((nav) => nav.getAttribute('aria-label') === 'Main')!;
const navLink = (name: string) => within(mainNav()).getByText(name).closest('a');

describe('shared layout', () => {
  it('shows the navigation links, the strategy-call button and the page content', () => {
    renderLayout('/');
    expect(navLink(servicesLabel)).toHaveAttribute('href', '/services');
    expect(navLink(pricingLabel)).toHaveAttribute('href', '/pricing');
    expect(navLink(contactLabel)).toHaveAttribute('href', '/contact');
    expect(navLink(navigationCta)).toHaveAttribute('href', '/book');
    expect(screen.getByRole('main')).toHaveTextContent('Page body');
  });

  it('marks the link of the current page, and only that one', () => {
    renderLayout('/pricing');
    expect(navLink(pricingLabel)).toHaveAttribute('aria-current', 'page');
    expect(navLink(servicesLabel)).not.toHaveAttribute('aria-current');
    expect(navLink(contactLabel)).not.toHaveAttribute('aria-current');
  });

  it('treats a trailing slash as the same page', () => {
    renderLayout('/services/');
    expect(navLink(servicesLabel)).toHaveAttribute('aria-current', 'page');
  });

  it('has a footer linking to services, pricing, contact, privacy policy and terms', () => {
    renderLayout('/');
    const footer = within(screen.getByRole('contentinfo'));
    const links = site.footer.columns.flatMap((column) => column.links);
    for (const href of ['/services', '/pricing', '/contact', '/privacy-policy', '/terms']) {
      const { label } = links.find((link) => link.to === href)!;
      expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    // The build year goes after the © sign (the mocked build time is 2026).
    expect(footer.getByText(site.footer.copyright.replace('©', '© 2026'))).toBeInTheDocument();
  });

  it('offers a skip link to the main content', () => {
    renderLayout('/');
    expect(screen.getByRole('link', { name: site.skipLinkLabel })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('keeps the decorative background away from assistive technology and clicks', () => {
    renderLayout('/');
    const background = screen.getByTestId('animated-background');
    expect(background).toHaveAttribute('aria-hidden', 'true');
    expect(getComputedStyle(background).pointerEvents).toBe('none');
    expect(getComputedStyle(background).zIndex).toBe('-1');
    expect(background.children).toHaveLength(3);
    const delays = [...background.children].map((glow) => getComputedStyle(glow).animationDelay);
    expect(new Set(delays).size).toBe(3);
  });
});

describe('mobile menu toggle', () => {
  it('opens and closes the navigation it controls', async () => {
    const user = userEvent.setup();
    renderLayout('/');
    const toggle = menuToggle();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', mainNav().id);
    expect(mainNav()).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: pricingLabel }),
    ).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(mainNav()).not.toBeVisible();
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    renderLayout('/');
    const toggle = menuToggle();
    await user.click(toggle);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes when the visitor navigates to another page', async () => {
    const user = userEvent.setup();
    const { rerender } = renderLayout('/');
    await user.click(menuToggle());
    await act(async () => {
      rerender(
        <Layout pathname="/pricing">
          <h1>Pricing</h1>
        </Layout>,
      );
    });
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('chat assistant', () => {
  it('is mounted in the layout as a launcher button, closed', () => {
    renderLayout('/');
    const launcher = screen.getByRole('button', {
      name: single<{ ui: { launcherLabel: string } }>('ChatJson').ui.launcherLabel,
    });
    expect(launcher).toHaveAttribute('aria-expanded', 'false');
  });
});
