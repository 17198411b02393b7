// The editor's preview of a landing page renders every section with the site's block components from the
// entry's plain data (the content file as Decap holds it): references looked up in the content files, uploads
// shown as Decap serves them, the form shown but not usable.
import { render, screen, within } from '@testing-library/react';
import { LandingSectionsPreview, landingPreviewAdapters } from '../../src/admin/previews/landing-sections-preview';
import { landingBlocks, type LandingSection } from '../../src/content-model/landing-schema';
import { nodes, single } from '../helpers/content-fixtures';
import { landingPages } from '../helpers/landing-data';

// The Markdown compiler (ESM-only @mdx-js/mdx) stands in as a paragraph; the editor's browser test runs the real one.
jest.mock('../../src/admin/previews/markdown-html', () => ({
  markdownHtml: (body: string) => `<p>${body.split('\n')[0]}</p>`,
}));
jest.mock('../../src/lib/leads');

type Item = Record<string, string>;

// The blocks below the hero and the forms are loaded lazily, as on the site; loaded once here, so each test's
// lazy components resolve at once instead of waiting for Jest to transform the modules.
beforeAll(() =>
  Promise.all([
    import('../../src/components/landing/below-the-fold'),
    import('../../src/features/forms/ContactForm'),
    import('../../src/features/forms/BookingForm'),
  ]),
);

const getAsset = (path: string) => ({ toString: () => `blob:http://localhost${path}` });
const page = () => landingPages()[0];

function renderPreview(sections: LandingSection[] = page().sections) {
  return render(<LandingSectionsPreview sections={sections} getAsset={getAsset} />);
}

describe('the landing page preview', () => {
  it('maps every block type of the content model', () => {
    expect(Object.keys(landingPreviewAdapters).sort()).toEqual(
      landingBlocks.map((block) => block.shape.type.value).sort(),
    );
  });

  it('renders every section of the sample page as the site does', async () => {
    const sample = page();
    const { container } = renderPreview();
    const find = <Type extends LandingSection['type']>(type: Type) =>
      sample.sections.find((section): section is Extract<LandingSection, { type: Type }> => section.type === type)!;

    const hero = find('hero');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(hero.title);
    expect(screen.getByRole('img', { name: hero.image!.alt })).toHaveAttribute(
      'src',
      `blob:http://localhost${hero.image!.src}`,
    );

    for (const stat of find('stats').stats) expect(await screen.findByText(stat.label)).toBeInTheDocument();

    const services = find('services');
    const serviceTitles = services.services.map(
      (slug) => nodes<Item>('Service').nodes.find((service) => service.slug === slug)!.title,
    );
    const servicesRegion = within(await screen.findByRole('region', { name: services.title }));
    expect(servicesRegion.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(
      serviceTitles,
    );

    const plans = find('plans');
    const planNames = plans.plans.map((id) => nodes<Item>('PlansJson').nodes.find((plan) => plan.id === id)!.name);
    const plansRegion = within(await screen.findByRole('region', { name: plans.title }));
    expect(plansRegion.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(planNames);
    expect(plansRegion.getAllByText(single<{ quoteCta: Item }>('PricingPageJson').quoteCta.label)).toHaveLength(
      planNames.length,
    );

    const testimonials = find('testimonials');
    const testimonialsRegion = within(await screen.findByRole('region', { name: testimonials.title }));
    for (const id of testimonials.testimonials) {
      const { name } = nodes<Item>('TestimonialsJson').nodes.find((item) => item.id === id)!;
      expect(testimonialsRegion.getByText(name)).toBeInTheDocument();
    }

    const reasons = find('reasons');
    expect(await screen.findByRole('region', { name: reasons.title })).toBeInTheDocument();
    const text = find('text');
    expect(await screen.findByText(text.body.split('\n')[0])).toBeInTheDocument();
    const faq = find('faq');
    for (const { question } of faq.questions) {
      expect(await screen.findByRole('heading', { level: 3, name: question })).toBeInTheDocument();
    }
    expect(await screen.findByRole('region', { name: find('cta').title })).toBeInTheDocument();

    const form = find('form');
    const formSection = await screen.findByRole('region', { name: form.title });
    const { formLabel } = single<{ formLabel: string }>('ContactFormJson');
    // Shown as on the site, but inert: a preview must not send leads.
    const lead = await within(formSection).findByRole('form', { name: formLabel, hidden: true });
    expect(lead.closest('[inert]')).not.toBeNull();
    expect(container.querySelectorAll('section').length).toBeGreaterThanOrEqual(sample.sections.length - 2);
  });

  it('shows a section still being filled in as such, and the others as usual', async () => {
    const sample = page();
    const unfinished = { type: 'faq', title: 'Questions' } as unknown as LandingSection;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPreview([sample.sections[0], unfinished]);
    expect(await screen.findByText(/appears once its required fields are filled in/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('leaves out a reference that names no item yet', async () => {
    const services = { type: 'services', title: 'Ours', intro: 'Intro', linkLabel: 'More', services: ['nope'] };
    renderPreview([services as LandingSection]);
    const region = await screen.findByRole('region', { name: 'Ours' });
    expect(within(region).queryAllByRole('heading', { level: 3 })).toEqual([]);
  });
});
