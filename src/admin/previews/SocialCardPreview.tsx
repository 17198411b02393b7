// How a page looks when someone shares its address, shown above the page's preview in the editor: the large card
// (Facebook, LinkedIn, X: the image cropped to 1.91:1, the 1200 × 630 the page's og:image is made at) and the
// small card of messaging apps (WhatsApp, iMessage, Slack: the same image cropped to a centred square). Both
// show the site's own /og-image.png when the page has no image, as the page's head tags do (Seo.tsx).
import styled from 'styled-components';
import { theme } from '../../styles/theme';
import site from '../../../content/site.json';
import type { ContentImage } from '../../content-model/image-schema';
import { previewImage, type GetAsset } from './PreviewFrame';

/**
 * Where the platforms cut the texts, in characters (approximate: each platform measures in pixels, on its own
 * layout, and changes it without notice; these are the common cut-off points as of 2026).
 * - Large card title: 70, X's documented limit for card titles and the shortest of the three (Facebook's desktop
 *   feed shows about 88, LinkedIn about 70 on two lines before the ellipsis). The content check keeps titles
 *   within 70, so a title that passes shows whole.
 * - Large card description: 110, about the one line Facebook's desktop feed shows (LinkedIn's and X's feeds show
 *   no description on large cards; X documents 200 for the field itself).
 * - Small card title: 60, the two lines of a WhatsApp or iMessage link bubble on a phone.
 * - Small card description: 80, the two lines WhatsApp shows under the title (iMessage shows none).
 */
export const SHARE_TEXT_LIMITS = {
  largeTitle: 70,
  largeDescription: 110,
  smallTitle: 60,
  smallDescription: 80,
} as const;

/** The site's own picture for shared links (static/og-image.png), used when a page has none. */
export const SITE_SHARE_IMAGE = '/og-image.png';

/** The address people see on the card: the site's host name, as the platforms print it. */
export const SITE_HOST = new URL(site.siteUrl).host;

/** `text` cut to at most `max` characters at a word boundary, with an ellipsis, as the platforms cut it. */
export function truncated(text: string | undefined, max: number): string {
  const whole = (text ?? '').trim();
  if (whole.length <= max) return whole;
  const cut = whole.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

type Props = {
  /** Empty while a new page's fields are being filled in: the cards show what there is. */
  title?: string;
  description?: string;
  image?: Partial<ContentImage>;
  /** Decap's asset lookup: the uploaded file behind an image's path, as a URL the preview can show. */
  getAsset?: GetAsset;
};

const Panel = styled.section`
  margin: 0 auto 2rem;
  padding: 1.25rem;
  max-width: 46rem;
  border-radius: 12px;
  background: #f0f2f5;
  color: #1c1e21;
  font-family: Helvetica, Arial, sans-serif;
  h2 {
    margin: 0 0 0.25rem;
    font-size: ${theme.text.sm};
  }
  p.note {
    margin: 0 0 1rem;
    font-size: ${theme.text.xs};
    color: #4b4f56;
  }
`;

const Cards = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1.25rem;
  align-items: flex-start;
`;

const Large = styled.figure`
  margin: 0;
  width: min(100%, 500px);
  border: 1px solid #dadde1;
  background: #fff;
  img {
    display: block;
    width: 100%;
    aspect-ratio: 1.91 / 1;
    object-fit: cover;
    object-position: center;
  }
  figcaption {
    padding: 0.6rem 0.75rem;
    background: #f2f3f5;
  }
`;

const Small = styled.figure`
  margin: 0;
  display: flex;
  gap: 0.6rem;
  width: min(100%, 340px);
  padding: 0.5rem;
  border-radius: 10px;
  background: #dcf8c6;
  img {
    flex: none;
    width: 84px;
    height: 84px;
    aspect-ratio: 1 / 1;
    object-fit: cover;
    object-position: center;
    border-radius: 6px;
  }
`;

const Host = styled.span`
  display: block;
  font-size: ${theme.text.xs};
  color: #606770;
  text-transform: uppercase;
`;

const Title = styled.strong`
  display: block;
  margin: 0.15rem 0;
  font-size: ${theme.text.sm};
  line-height: 1.25;
`;

const Description = styled.span`
  display: block;
  font-size: ${theme.text.xs};
  color: #606770;
  line-height: 1.3;
`;

/** The two cards of a page whose search listing (title, description) and social image are `title` … `image`. */
export function SocialCardPreview({ title, description, image, getAsset }: Props) {
  const own = getAsset && previewImage(image, getAsset);
  const src = own?.src ?? SITE_SHARE_IMAGE;
  const alt = own?.alt ?? '';
  return (
    <Panel aria-label="Share preview" data-share-preview>
      <h2>When this page is shared</h2>
      <p className="note">
        {own
          ? 'Large cards crop the picture to 1.91:1, messaging apps to a square: keep what matters in the middle.'
          : 'No social image yet: the site’s own picture is shown. Add one under Search listing → Image.'}
      </p>
      <Cards>
        <Large data-share-card="large">
          <img src={src} alt={alt} />
          <figcaption>
            <Host>{SITE_HOST}</Host>
            <Title>{truncated(title, SHARE_TEXT_LIMITS.largeTitle)}</Title>
            <Description>{truncated(description, SHARE_TEXT_LIMITS.largeDescription)}</Description>
          </figcaption>
        </Large>
        <Small data-share-card="small">
          <img src={src} alt="" />
          <figcaption>
            <Title>{truncated(title, SHARE_TEXT_LIMITS.smallTitle)}</Title>
            <Description>{truncated(description, SHARE_TEXT_LIMITS.smallDescription)}</Description>
            <Host>{SITE_HOST}</Host>
          </figcaption>
        </Small>
      </Cards>
    </Panel>
  );
}
