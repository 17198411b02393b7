// The landing template renders every block of the sample page from its query result (built from the real
// content), each with the site's own components; its head carries the social image and the FAQ's structured data.
// A page is rendered with the template the build gives it (src/build/page-templates.ts), and a section running an
// experiment is checked as the visit sees it: the version <html> names, under the page's rules.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LandingPageTemplate, { Head } from '../../src/templates/landing-page';
import LandingPageWithExperiment, { Head as HeadWithExperiment } from '../../src/templates/landing-page-experiment';
import { templateFor } from '../../src/build/page-templates';
import type { LandingBlockType, LandingSection } from '../../src/content-model/landing-schema';
import { landingBlocks } from '../../src/content-model/landing-schema';
import { landingBlockComponents } from '../../src/components/landing/blocks';
import { queryAdapters } from '../../src/components/landing/from-query';
import { composeContactMessage } from '../../src/features/forms/contact-form-model';
import { nodes, single } from '../helpers/content-fixtures';
import { mockSiteSettings } from '../helpers/site-settings';
import { landingPageData, landingPages } from '../helpers/landing-data';
import { SHOWN_VARIANT_ATTRIBUTE } from '../../src/insights/experiments/shown-variant';
import { EXPERIMENT_VERSION_CSS } from '../../src/insights/experiments/version-styles';
import { sectionForVariant } from '../../src/content-model/experiment-versions';
import type { ExperimentContent } from '../../src/content-model/experiment-schema';

jest.mock('../../src/lib/leads');

type Item = Record<string, string>;
const blockTypes = landingBlocks.map((block) => block.shape.type.value);
const site = () => single<{ siteUrl: string }>('SiteJson');

beforeEach(() => mockSiteSettings());

// The blocks below the hero and the forms are loaded lazily, as on the site; loaded once here, so each test's
// lazy components resolve at once instead of waiting for Jest to transform the modules.
beforeAll(() => {
  // The rules every page has in its <head> (gatsby-ssr): only the version the visit is shown is visible.
  const style = document.createElement('style');
  style.textContent = EXPERIMENT_VERSION_CSS;
  document.head.appendChild(style);
  return Promise.all([
    import('../../src/components/landing/below-the-fold'),
    import('../../src/features/forms/ContactForm'),
    import('../../src/features/forms/BookingForm'),
  ]);
});

/** A section as the visit sees it: the version of its experiment that the page shows (0 without one). */
const asShown = <Section extends { experiment?: ExperimentContent }>(section: Section) =>
  sectionForVariant(section, Number(document.documentElement.getAttribute(SHOWN_VARIANT_ATTRIBUTE) ?? 0));

/** Whether the build gives `page` the template of a page running an experiment. */
const runsExperiment = (page: { sections: readonly object[] }) =>
  templateFor(
    'landing',
    page.sections.map((section) => (section as { experiment?: ExperimentContent }).experiment),
  ).withExperiment;

function renderPage(page = landingPages()[0]) {
  // Typed as the page's query result; built from the same content the build reads.
  const props = { data: landingPageData(page) } as unknown as Parameters<typeof LandingPageTemplate>[0];
  const Template = runsExperiment(page) ? LandingPageWithExperiment : LandingPageTemplate;
  return render(<Template {...props} />);
}

function renderHead(page = landingPages()[0]) {
  const PageHead = runsExperiment(page) ? HeadWithExperiment : Head;
  render(
    <PageHead
      data={landingPageData(page) as never}
      location={{ pathname: `/${page.slug}` } as never}
      params={{}}
      pageContext={{}}
      serverData={{}}
    />,
  );
}

const region = (name: string) => screen.findByRole('region', { name });
const headingsIn = async (name: string, level: number) =>
  within(await region(name))
    .getAllByRole('heading', { level })
    .map((heading) => heading.textContent);

/** What each block must show of its content; typed by the block types, so a new block needs its check here. */
const expectRendered: {
  [Type in LandingBlockType]: (section: Extract<LandingSection, { type: Type }>) => Promise<void>;
} = {
  hero: async (section) => {
    const hero = asShown(section);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(hero.title);
    expect(screen.getAllByRole('link', { name: hero.primaryCta.label })[0]).toHaveAttribute('href', hero.primaryCta.to);
    if (hero.secondaryCta) {
      expect(screen.getAllByRole('link', { name: hero.secondaryCta.label })[0]).toHaveAttribute(
        'href',
        hero.secondaryCta.to,
      );
    }
    if (hero.image) {
      const image = screen.getByRole('img', { name: hero.image.alt });
      expect(image).toHaveAttribute('loading', 'eager');
      expect(image).toHaveAttribute('fetchpriority', 'high');
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  },
  stats: async ({ stats }) => {
    for (const stat of stats) {
      expect(await screen.findByText(stat.label)).toBeInTheDocument();
      expect(screen.getByText(stat.value)).toBeInTheDocument();
    }
  },
  services: async ({ title, services }) => {
    const titles = services.map((slug) => nodes<Item>('Service').nodes.find((service) => service.slug === slug)!.title);
    expect(await headingsIn(title, 3)).toEqual(titles);
  },
  reasons: async ({ title, reasons }) => {
    expect(await headingsIn(title, 3)).toEqual(reasons.map((reason) => reason.title));
  },
  testimonials: async ({ title, testimonials }) => {
    const section = within(await region(title));
    for (const id of testimonials) {
      const testimonial = nodes<Item>('TestimonialsJson').nodes.find((item) => item.id === id)!;
      expect(section.getByText(testimonial.name)).toBeInTheDocument();
    }
    expect(section.getAllByRole('figure')).toHaveLength(testimonials.length);
  },
  plans: async ({ title, plans }) => {
    const names = plans.map((id) => nodes<Item>('PlansJson').nodes.find((plan) => plan.id === id)!.name);
    expect(await headingsIn(title, 3)).toEqual(names);
    const { quoteCta } = single<{ quoteCta: { label: string; to: string } }>('PricingPageJson');
    const quotes = within(await region(title)).getAllByRole('link', { name: new RegExp(quoteCta.label) });
    expect(quotes.map((link) => link.getAttribute('href'))).toEqual(names.map(() => quoteCta.to));
  },
  text: async ({ title, body }) => {
    const firstWords = body.split('\n')[0].slice(0, 40);
    expect(await screen.findByText(new RegExp(firstWords.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
    if (title) expect(await region(title)).toBeInTheDocument();
  },
  faq: async ({ title, questions }) => {
    expect(await headingsIn(title, 3)).toEqual(questions.map((entry) => entry.question));
    for (const { answer } of questions) expect(screen.getByText(answer)).toBeInTheDocument();
  },
  cta: async (section) => {
    const { title, primaryCta } = asShown(section);
    const band = within(await region(title));
    expect(band.getByRole('link', { name: primaryCta.label })).toHaveAttribute('href', primaryCta.to);
  },
  form: async (form) => {
    const section = await region(form.title);
    expect(section).toHaveAttribute('id', 'form');
    const copy = single<{ formLabel: string; inputs: { problem: { label: string } } }>(
      form.form === 'demo-request' ? 'ContactFormJson' : 'BookingFormJson',
    );
    const lead = await within(section).findByRole('form', { name: copy.formLabel });
    if (form.form === 'demo-request') {
      expect(within(lead).getByLabelText(copy.inputs.problem.label)).toHaveValue(form.problem ?? '');
    }
  },
};

describe('the landing page template', () => {
  it('has a renderer, a site adapter and a check here for every block type of the content model', () => {
    expect(Object.keys(landingBlockComponents).sort()).toEqual([...blockTypes].sort());
    expect(Object.keys(queryAdapters).sort()).toEqual([...blockTypes].sort());
    expect(Object.keys(expectRendered).sort()).toEqual([...blockTypes].sort());
  });

  it('is tried on a sample page that uses every block type', () => {
    const used = new Set(landingPages().flatMap((page) => page.sections.map((section) => section.type)));
    expect([...used].sort()).toEqual([...blockTypes].sort());
  });

  it.each(landingPages().map((page) => [page.slug, page] as const))(
    '/%s: renders each section in order with its content',
    async (_slug, page) => {
      const { container } = renderPage(page);
      for (const section of page.sections) {
        await (expectRendered[section.type] as (section: LandingSection) => Promise<void>)(section);
      }
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      // Every heading id (they name the sections) is unique on the page.
      const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
      expect(new Set(ids).size).toBe(ids.length);
    },
  );

  it('links the in-page buttons to the form section', async () => {
    const page = landingPages()[0];
    renderPage(page);
    const form = page.sections.find((section) => section.type === 'form')!;
    const section = await region(form.title);
    for (const link of screen.getAllByRole('link').filter((element) => element.getAttribute('href') === '#form')) {
      expect(document.getElementById(link.getAttribute('href')!.slice(1))).toBe(section);
    }
  });

  it('sends the demo request with the preselected problem', async () => {
    const { submitContactMessage } = jest.requireMock('../../src/lib/leads') as { submitContactMessage: jest.Mock };
    submitContactMessage.mockResolvedValue({ ok: true });
    const page = landingPages()[0];
    const form = page.sections.find((section) => section.type === 'form' && section.form === 'demo-request');
    if (form?.type !== 'form' || !form.problem) throw new Error('the sample page needs a demo form with a problem');
    renderPage(page);
    const copy = single<{ formLabel: string; submitLabel: string; inputs: Record<string, { label: string }> }>(
      'ContactFormJson',
    );
    const lead = within(await screen.findByRole('form', { name: copy.formLabel }));
    const user = userEvent.setup();
    await user.type(lead.getByLabelText(copy.inputs.name.label), 'Ada Lovelace');
    await user.type(lead.getByLabelText(copy.inputs.email.label), 'ada@example.com');
    await user.type(lead.getByLabelText(copy.inputs.company.label), 'Analytical Engines');
    await user.click(lead.getByRole('button', { name: copy.submitLabel }));
    expect(submitContactMessage).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      message: composeContactMessage(form.problem, ''),
    });
  });
});

describe('the landing page head', () => {
  it('shares the page with its own image, cropped to 1200 × 630, as an absolute address with its alt text', () => {
    const page = landingPages()[0];
    renderHead(page);
    const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[property="og:image"]')).toMatch(new RegExp(`^${site().siteUrl}/static/`));
    expect(meta('meta[name="twitter:image"]')).toBe(meta('meta[property="og:image"]'));
    expect([meta('meta[property="og:image:width"]'), meta('meta[property="og:image:height"]')]).toEqual([
      '1200',
      '630',
    ]);
    expect(meta('meta[property="og:image:alt"]')).toBe(page.meta.image?.alt);
    expect(meta('meta[name="twitter:image:alt"]')).toBe(page.meta.image?.alt);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("falls back to the site's image without alt text, and says noindex when kept out of search engines", () => {
    const page = { ...landingPages()[0], hideFromSearch: true };
    page.meta = { ...page.meta, image: undefined };
    renderHead(page);
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${site().siteUrl}/og-image.png`,
    );
    expect(document.head.querySelector('meta[property="og:image:alt"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('gives an image marked decorative no alt text in the share tags', () => {
    const page = landingPages()[0];
    const shared = { ...page, meta: { ...page.meta, image: { src: page.meta.image!.src, decorative: true } } };
    renderHead(shared);
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/\/static\//);
    expect(document.head.querySelector('meta[property="og:image:alt"]')).toBeNull();
    expect(document.head.querySelector('meta[name="twitter:image:alt"]')).toBeNull();
  });

  it('describes the questions and answers as schema.org FAQPage data, word for word', () => {
    const page = landingPages()[0];
    renderHead(page);
    const questions = page.sections.flatMap((section) => (section.type === 'faq' ? section.questions : []));
    expect(questions.length).toBeGreaterThan(0);
    // React leaves <script> where it is rendered (it hoists only <title>, <meta> and <link>); Gatsby puts it in the head.
    const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
    const data = scripts.map((script) => JSON.parse(script.textContent!)).find((json) => json['@type'] === 'FAQPage');
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: questions.map(({ question, answer }) => ({
        '@type': 'Question',
        name: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      })),
    });
  });
});
