// The share preview in the editor: the page's title, description and host on a large 1.91:1 card and a small
// square one, the page's own picture (as the editor has it) or the site's, texts cut where the platforms cut them.
import { render, screen, within } from '@testing-library/react';
import {
  SHARE_TEXT_LIMITS,
  SITE_HOST,
  SITE_SHARE_IMAGE,
  SocialCardPreview,
  truncated,
} from '../../src/admin/previews/SocialCardPreview';

const cards = () => ({
  large: within(document.querySelector<HTMLElement>('[data-share-card="large"]')!),
  small: within(document.querySelector<HTMLElement>('[data-share-card="small"]')!),
});

it('shows the title, the description and the site’s host on both cards', () => {
  render(<SocialCardPreview title="Spring offer for clinics" description="Every call answered." />);
  const { large, small } = cards();
  for (const card of [large, small]) {
    card.getByText('Spring offer for clinics');
    card.getByText('Every call answered.');
    card.getByText(SITE_HOST);
  }
  expect(SITE_HOST).toBe('brightlane.ai');
});

it('shows the site’s own picture without a social image, and says so', () => {
  render(<SocialCardPreview title="T" description="D" />);
  for (const image of document.querySelectorAll('img')) expect(image.getAttribute('src')).toBe(SITE_SHARE_IMAGE);
  screen.getByText(/No social image yet/);
});

it('shows the page’s own picture as the editor has it, cropped to 1.91:1 and to a square, described once', () => {
  const getAsset = (path: string) => ({ toString: () => `blob:upload-of${path}` });
  render(
    <SocialCardPreview
      title="T"
      description="D"
      image={{ src: '/images/clinic.jpg', alt: 'A clinic front desk' }}
      getAsset={getAsset}
    />,
  );
  const { large, small } = cards();
  expect(large.getByRole('img')).toHaveAttribute('src', 'blob:upload-of/images/clinic.jpg');
  expect(large.getByRole('img')).toHaveAttribute('alt', 'A clinic front desk');
  expect(small.getByRole('presentation')).toHaveAttribute('src', 'blob:upload-of/images/clinic.jpg');
  screen.getByText(/keep what matters in the middle/);
});

it('cuts texts at a word where the platforms cut them, and shows a short one whole', () => {
  const title = 'Every patient call answered, every chair filled, every reminder sent on time';
  expect(title.length).toBeGreaterThan(SHARE_TEXT_LIMITS.largeTitle);
  const cut = truncated(title, SHARE_TEXT_LIMITS.largeTitle);
  expect(cut).toBe('Every patient call answered, every chair filled, every reminder sent…');
  expect(cut.length).toBeLessThanOrEqual(SHARE_TEXT_LIMITS.largeTitle);
  expect(truncated('Short title', SHARE_TEXT_LIMITS.smallTitle)).toBe('Short title');
  expect(truncated(undefined, 10)).toBe('');
  render(<SocialCardPreview title={title} description="D" />);
  cards().small.getByText(truncated(title, SHARE_TEXT_LIMITS.smallTitle));
});
