// A section under an experiment as the server renders it on a page that runs one (its template provides
// ExperimentVersions): every version in the HTML, the static rules showing exactly the one <html> names (the original
// without it), ids unique across versions; a draft is the original alone. On any other page's template a section
// renders its original alone, whatever its content says.
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server.node';
import { CtaBlock, type CtaBlockProps } from '../../../src/components/landing/CtaBlock';
import { HeroBlock, type HeroBlockProps } from '../../../src/components/landing/HeroBlock';
import { SHOWN_VARIANT_ATTRIBUTE, VERSION_ATTRIBUTE } from '../../../src/insights/experiments/shown-variant';
import { EXPERIMENT_VERSION_CSS } from '../../../src/insights/experiments/version-styles';
import { ExperimentVersions } from '../../../src/insights/experiments/ExperimentVersions';

const html = document.documentElement;
const STARTED = '2026-11-27T09:00:00+11:00';

const cta: CtaBlockProps = {
  title: 'Ready to automate?',
  text: 'Book a call.',
  primaryCta: { label: 'Book a call', to: '/book' },
  secondaryCta: { label: 'See pricing', to: '/pricing' },
  experiment: {
    id: 'closing-cta',
    name: 'Closing band',
    startedAt: STARTED,
    variants: [
      { name: 'Question', share: 30, title: 'Still answering the phone by hand?' },
      {
        name: 'Whole band',
        share: 30,
        title: 'Get your evenings back',
        text: 'Twenty minutes.',
        primaryCta: { label: 'Talk to us', to: '#form' },
      },
    ],
  },
};
const titles = ['Ready to automate?', 'Still answering the phone by hand?', 'Get your evenings back'];

/** The page's static rules, as gatsby-ssr puts them in every page's <head>. */
beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = EXPERIMENT_VERSION_CSS;
  document.head.appendChild(style);
});

beforeEach(() => {
  html.removeAttribute(SHOWN_VARIANT_ATTRIBUTE);
  document.body.replaceChildren();
});

/** The server's HTML in the document, not hydrated: what the visitor sees before any JavaScript. */
function serverRendered(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ExperimentVersions>{element}</ExperimentVersions>);
  document.body.replaceChildren(container);
  return container;
}

describe('a section with a running experiment, server-rendered', () => {
  it('holds every version, each in a wrapper that adds no box', () => {
    const page = serverRendered(<CtaBlock {...cta} sectionKey="section-7" />);
    const versions = [...page.querySelectorAll(`[${VERSION_ATTRIBUTE}]`)];
    expect(versions.map((version) => version.getAttribute(VERSION_ATTRIBUTE))).toEqual(['0', '1', '2']);
    expect(versions.map((version) => version.querySelector('h2')!.textContent)).toEqual(titles);
    expect(getComputedStyle(versions[0]).display).toBe('contents');
  });

  it.each([
    ['no variant on <html> (no script, no visit id)', null, 0],
    ['variant 0', '0', 0],
    ['variant 1', '1', 1],
    ['variant 2', '2', 2],
  ])(
    'with %s, shows that version alone, to the eye, the keyboard and screen readers',
    (_case, attribute, shownIndex) => {
      if (attribute !== null) html.setAttribute(SHOWN_VARIANT_ATTRIBUTE, attribute);
      serverRendered(<CtaBlock {...cta} sectionKey="section-7" />);
      // Elements under display: none are left out of the accessibility tree, which these queries read.
      expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([titles[shownIndex]]);
      expect(screen.getByRole('region', { name: titles[shownIndex] })).toBeVisible();
      const links = screen.getAllByRole('link').map((link) => link.textContent);
      expect(links).toEqual(shownIndex === 2 ? ['Talk to us', 'See pricing'] : ['Book a call', 'See pricing']);
    },
  );

  it('gives each version ids of its own, and each version names its region with its own heading', () => {
    const page = serverRendered(<CtaBlock {...cta} sectionKey="section-7" />);
    const ids = [...page.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids).toEqual(['section-7-title', 'section-7-variant-1-title', 'section-7-variant-2-title']);
    for (const version of page.querySelectorAll(`[${VERSION_ATTRIBUTE}]`)) {
      const labelledBy = version.querySelector('[aria-labelledby]')!.getAttribute('aria-labelledby')!;
      expect(version.querySelector(`#${labelledBy}`)).not.toBeNull();
    }
  });

  it('takes what a variant leaves unchanged from the original', () => {
    const hero: HeroBlockProps = {
      eyebrow: 'For clinics',
      title: 'Answer every patient',
      text: 'An assistant that books.',
      primaryCta: { label: 'Book a demo', to: '/book' },
      experiment: {
        id: 'hero',
        name: 'Hero',
        startedAt: STARTED,
        variants: [{ name: 'Short', share: 50, title: 'Never miss a call' }],
      },
    };
    html.setAttribute(SHOWN_VARIANT_ATTRIBUTE, '1');
    const page = serverRendered(<HeroBlock {...hero} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Never miss a call');
    const variant = within(page.querySelector<HTMLElement>(`[${VERSION_ATTRIBUTE}="1"]`)!);
    expect(variant.getByText('For clinics')).toBeVisible();
    expect(variant.getByText('An assistant that books.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Book a demo' })).toHaveAttribute('href', '/book');
  });
});

describe('without a running experiment', () => {
  it.each([
    ['a draft (no startedAt)', { ...cta.experiment!, startedAt: undefined }],
    ['no experiment', undefined],
  ])('%s: the original alone, as before experiments', (_case, experiment) => {
    html.setAttribute(SHOWN_VARIANT_ATTRIBUTE, '1');
    const { container } = render(
      <ExperimentVersions>
        <CtaBlock {...cta} experiment={experiment} sectionKey="section-7" />
      </ExperimentVersions>,
    );
    expect(container.querySelector(`[${VERSION_ATTRIBUTE}]`)).toBeNull();
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([titles[0]]);
    expect(screen.getByRole('heading')).toHaveAttribute('id', 'section-7-title');
  });

  it('on the template of a page running none: the original alone, even with a running experiment in its content', () => {
    html.setAttribute(SHOWN_VARIANT_ATTRIBUTE, '1');
    const { container } = render(<CtaBlock {...cta} sectionKey="section-7" />);
    expect(container.querySelector(`[${VERSION_ATTRIBUTE}]`)).toBeNull();
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([titles[0]]);
  });
});

describe('the static rules', () => {
  it('cover every version an experiment may have, and show the original where <html> names none', () => {
    for (const index of [1, 2, 3]) {
      expect(EXPERIMENT_VERSION_CSS).toContain(
        `html[${SHOWN_VARIANT_ATTRIBUTE}="${index}"] [${VERSION_ATTRIBUTE}="${index}"]`,
      );
    }
    expect(EXPERIMENT_VERSION_CSS).toContain(`[${VERSION_ATTRIBUTE}]:not([${VERSION_ATTRIBUTE}="0"]){display:none}`);
  });
});
