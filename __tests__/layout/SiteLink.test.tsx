import { render, screen } from '@testing-library/react';
import { Link } from 'gatsby';
import { SiteLink } from '../../src/components/ui/SiteLink';

beforeEach(() => (Link as unknown as jest.Mock).mockClear());

it("renders a page of the site through Gatsby's Link", () => {
  render(<SiteLink to="/pricing">Pricing</SiteLink>);
  expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  expect(jest.mocked(Link).mock.calls[0][0]).toMatchObject({ to: '/pricing' });
});

it.each(['https://example.com/case-study', 'mailto:hello@example.com', '//example.com/elsewhere'])(
  'renders %s as a plain anchor, not through Gatsby',
  (to) => {
    render(
      <SiteLink to={to} className="styled">
        Elsewhere
      </SiteLink>,
    );
    const link = screen.getByRole('link', { name: 'Elsewhere' });
    expect(link).toHaveAttribute('href', to);
    expect(link).toHaveClass('styled');
    expect(Link).not.toHaveBeenCalled();
  },
);
