import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import HomePage, { Head as HomeHead } from '../../src/templates/home-page';
import ServicesPage from '../../src/pages/services';
import PricingPage, { Head as PricingHead } from '../../src/pages/pricing';
import ContactPage from '../../src/pages/contact';
import BookPage from '../../src/pages/book';
import NotFoundPage from '../../src/pages/404';
import LegalPageTemplate from '../../src/templates/legal-page';
import { nodes, single } from '../helpers/content-fixtures';
import { mockSiteSettings } from '../helpers/site-settings';
import { claims, constants, mostPopularLabel, mostPopularPlan, planNames, quoteCtaLabel } from '../fixtures/spec-texts';
import { submitConsultationRequest } from '../../src/lib/leads';
import * as bookingApi from '../../src/features/booking/booking-api';
import type { BookingCopy } from '../../src/features/booking/copy-schema';
import type { BookingFormCopy } from '../../src/features/forms/copy-schema';
import { fillTime } from '../../src/features/booking/time-format';

jest.mock('../../src/lib/leads');
jest.mock('../../src/features/booking/booking-api');

beforeEach(() => mockSiteSettings());

// Pages are typed with their GraphQL query results; the fixtures are the same content the build reads.
function renderPage<P extends object>(Page: ComponentType<P>, data: Record<string, unknown>, children?: ReactNode) {
  const props = { data, children } as unknown as P;
  return render(<Page {...props} />);
}

type Link = { label: string; to: string };
type Site = { brandName: string; email: string; siteUrl: string };
const site = () => single<Site>('SiteJson');
type Home = {
  meta: { title: string };
  hero: { title: string; primaryCta: Link };
  stats: { value: string; label: string }[];
  servicesSection: { title: string };
  whyChooseUs: { title: string; imageAlt: string };
  closingCta: { title: string };
};
const home = () => single<Home>('HomeJson');
const serviceTitles = () => nodes<{ title: string }>('Service', 'order').nodes.map((service) => service.title);
type LeadPage = { hero: { title: string } };

// What gatsby-transformer-sharp returns for the home illustration (the build processes the real file).
const illustrationImageData = {
  layout: 'constrained',
  width: 1100,
  height: 688,
  images: {
    fallback: { src: '/static/a/agent-dashboard.png', srcSet: '/static/a/agent-dashboard.png 1100w', sizes: '1100px' },
    sources: [{ type: 'image/webp', srcSet: '/static/b/agent-dashboard.webp 1100w', sizes: '1100px' }],
  },
};

describe('home page', () => {
  const data = () => ({
    homeJson: single('HomeJson'),
    allService: nodes('Service', 'order'),
    allTestimonialsJson: nodes('TestimonialsJson'),
    siteJson: site(),
    illustration: { childImageSharp: { gatsbyImageData: illustrationImageData } },
  });

  it('shows the hero, four service cards, why-choose-us, three five-star testimonials and a closing call to action', () => {
    renderPage(HomePage, data());
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(home().hero.title);
    expect(screen.getAllByRole('link', { name: home().hero.primaryCta.label })[0]).toHaveAttribute('href', '/book');
    const services = within(screen.getByRole('region', { name: home().servicesSection.title }));
    expect(services.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(
      serviceTitles(),
    );
    expect(serviceTitles()).toHaveLength(4);
    const why = within(screen.getByRole('region', { name: home().whyChooseUs.title }));
    expect(why.getByRole('img', { name: home().whyChooseUs.imageAlt })).toBeInTheDocument();
    expect(screen.getAllByText('Rated 5 out of 5')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: home().closingCta.title })).toBeInTheDocument();
  });

  it('states the claims', () => {
    const { container } = renderPage(HomePage, data());
    for (const stat of home().stats) expect(screen.getByText(stat.value)).toBeInTheDocument();
    const figures = home()
      .stats.map((stat) => stat.value)
      .join(' ');
    for (const claim of [claims.costReductionUpTo, claims.uptime, claims.returnMultiple, claims.noShowReduction])
      expect(figures).toContain(claim);
    expect(container.textContent).toContain(claims.costReductionRange);
  });

  it('describes the organisation to search engines in its head', () => {
    // React 19 hoists <title>, <meta> and <link> into document.head, as Gatsby's Head API places them.
    render(
      <HomeHead
        data={data() as never}
        location={{ pathname: '/' } as never}
        params={{}}
        pageContext={{}}
        serverData={{}}
      />,
    );
    expect(document.querySelector('title')).toHaveTextContent(home().meta.title);
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${site().siteUrl}/`);
    const jsonLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd).toMatchObject({ '@type': 'Organization', name: site().brandName, email: site().email });
  });
});

describe('services page', () => {
  it('shows each service with its description and benefit list, then why custom and a call to action', () => {
    const page = single<{ benefitsLabel: string; whyCustom: { points: unknown[] }; cta: { cta: Link } }>(
      'ServicesPageJson',
    );
    renderPage(ServicesPage, { servicesPageJson: page, allService: nodes('Service', 'order') });
    for (const service of nodes<{ title: string; benefits: string[] }>('Service', 'order').nodes) {
      const article = within(screen.getByRole('article', { name: service.title }));
      expect(article.getByRole('heading', { name: page.benefitsLabel })).toBeInTheDocument();
      expect(article.getAllByRole('listitem').map((item) => item.textContent)).toEqual(service.benefits);
    }
    expect(screen.getAllByRole('article')).toHaveLength(4 + page.whyCustom.points.length);
    expect(screen.getByRole('link', { name: page.cta.cta.label })).toHaveAttribute('href', '/book');
  });
});

describe('pricing page', () => {
  const data = () => ({ pricingPageJson: single('PricingPageJson'), allPlansJson: nodes('PlansJson', 'order') });

  it('shows the four plans in order, flags Full Bot Support as Most Popular and shows no price', () => {
    const { container } = renderPage(PricingPage, data());
    const plans = screen.getAllByRole('heading', { level: 2 }).slice(0, 4);
    expect(plans.map((heading) => heading.textContent)).toEqual(planNames);
    expect(screen.getAllByText(mostPopularLabel)).toHaveLength(1);
    expect(
      within(screen.getByRole('article', { name: mostPopularPlan })).getByText(mostPopularLabel),
    ).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/[$€£]\s?\d/);
  });

  it('links every plan to /contact with Get Custom Quote', () => {
    renderPage(PricingPage, data());
    const quoteLinks = screen.getAllByRole('link', { name: new RegExp(`^${quoteCtaLabel}`) });
    expect(quoteLinks).toHaveLength(4);
    for (const link of quoteLinks) expect(link).toHaveAttribute('href', '/contact');
  });

  it('has its own title and description', () => {
    // React 19 hoists <title>, <meta> and <link> into document.head, as Gatsby's Head API places them.
    render(
      <PricingHead
        data={data() as never}
        location={{ pathname: '/pricing' } as never}
        params={{}}
        pageContext={{}}
        serverData={{}}
      />,
    );
    const { meta } = single<{ meta: { title: string; description: string } }>('PricingPageJson');
    expect(document.querySelector('title')).toHaveTextContent(meta.title);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', meta.description);
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${site().siteUrl}/pricing`);
    expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute('content', meta.title);
  });
});

describe('contact and book pages', () => {
  /** "15-minute" or "15 minutes": how the pages state a call's length. */
  const minutes = (count: number) => new RegExp(`\\b${count}[- ]minute`, 'i');

  it('/contact states the 15-minute discovery call and shows the demo request form', () => {
    renderPage(ContactPage, {
      contactPageJson: single('ContactPageJson'),
      contactFormJson: { content: single('ContactFormJson') },
      siteJson: site(),
    });
    const form = single<{ inputs: { problem: { label: string } } }>('ContactFormJson');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(single<LeadPage>('ContactPageJson').hero.title);
    expect(screen.getAllByText(minutes(constants.discoveryCallMinutes)).length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: form.inputs.problem.label })).toBeInTheDocument();
  });

  it('/book states the 30-minute strategy call and shows the booking form', () => {
    renderPage(BookPage, {
      bookPageJson: single('BookPageJson'),
      bookingFormJson: { content: single('BookingFormJson') },
      bookingJson: { content: single('BookingJson') },
      siteJson: site(),
    });
    const form = single<{ inputs: { phone: { label: string } } }>('BookingFormJson');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(single<LeadPage>('BookPageJson').hero.title);
    expect(screen.getAllByText(minutes(constants.strategyCallMinutes)).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: form.inputs.phone.label })).toHaveAttribute('type', 'tel');
  });

  it('/book: once a time is booked, the box beside the form speaks of the booked call; another request restores it', async () => {
    const slot = { startsAt: '2026-11-29T22:00:00.000Z', endsAt: '2026-11-29T22:30:00.000Z' };
    const team = { teamTimeZone: 'Australia/Sydney', callMinutes: 30 };
    const zone = 'Australia/Perth';
    jest.mocked(submitConsultationRequest).mockResolvedValue({ ok: true });
    jest.mocked(bookingApi.fetchSlots).mockResolvedValue({ status: 'ok', slots: [slot], ...team });
    jest.mocked(bookingApi.holdSlot).mockResolvedValue({
      status: 'held',
      holdId: 'hold-1',
      ...slot,
      holdExpiresAt: '2026-11-25T00:10:00.000Z',
      ...team,
    });
    jest
      .mocked(bookingApi.confirmBooking)
      .mockResolvedValue({ status: 'booked', bookingId: 'b1', ...slot, visitorTimeZone: zone, ...team });
    renderPage(BookPage, {
      bookPageJson: single('BookPageJson'),
      bookingFormJson: { content: single('BookingFormJson') },
      bookingJson: { content: single('BookingJson') },
      siteJson: site(),
    });
    const { callDetails } = single<{ callDetails: { title: string; points: string[] } }>('BookPageJson');
    const form = single<BookingFormCopy>('BookingFormJson');
    const { picker, booked } = single<BookingCopy>('BookingJson');
    const points = () =>
      within(screen.getByRole('complementary', { name: callDetails.title }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    const user = userEvent.setup();
    const request = async () => {
      for (const [input, value] of [
        [form.inputs.name, 'Grace Hopper'],
        [form.inputs.email, 'grace@example.com'],
        [form.inputs.company, 'Compilers Inc'],
        [form.inputs.phone, '0400 123 456'],
      ] as const)
        await user.type(screen.getByLabelText(input.label), value);
      await user.click(screen.getByRole('button', { name: form.submitLabel }));
      await screen.findByRole('heading', { name: picker.title });
    };

    // Before a time is booked: the page's own points, and the specification's confirmation.
    await request();
    expect(points()).toEqual(callDetails.points);
    expect(screen.getByRole('status', { name: form.confirmation.title })).toHaveTextContent(form.confirmation.text);

    await user.click(await screen.findByRole('button', { name: /^\d{1,2}:\d\d\s[ap]m, / }));
    await user.click(await screen.findByRole('button', { name: picker.confirmLabel }));
    await screen.findByRole('heading', { name: booked.title });
    const bookedPoints = booked.callDetails.points.map((point) =>
      fillTime(point, slot.startsAt, zone, team.teamTimeZone),
    );
    expect(points()).toEqual(bookedPoints);
    expect(bookedPoints.join(' ')).toContain('Australian Western Standard Time');
    // No line on the page still speaks of a time to be found.
    for (const promise of [
      form.confirmation.text,
      ...callDetails.points.filter((point) => !bookedPoints.includes(point)),
    ])
      expect(document.body).not.toHaveTextContent(promise);
    expect(document.body).not.toHaveTextContent(`within ${constants.responseTimeHours} hours`);

    await user.click(screen.getByRole('button', { name: form.confirmation.resetLabel }));
    expect(points()).toEqual(callDetails.points);
  });
});

describe('legal pages and the 404 page', () => {
  it('shows the title, the last-updated date and the body', () => {
    renderPage(
      LegalPageTemplate,
      {
        legalPage: {
          title: 'Terms of Service',
          description: 'd',
          lastUpdated: { iso: '2026-11-22', text: '22 November 2026' },
        },
        legalChromeJson: { lastUpdatedLabel: 'Last updated' },
        siteJson: site(),
      },
      <p>Invoices are due within 30 days.</p>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Terms of Service');
    expect(screen.getByText('22 November 2026')).toHaveAttribute('datetime', '2026-11-22');
    expect(screen.getByText(/Last updated/)).toBeInTheDocument();
    expect(screen.getByText('Invoices are due within 30 days.')).toBeInTheDocument();
  });

  it('the 404 page explains and links home', () => {
    renderPage(NotFoundPage, { notFoundPageJson: single('NotFoundPageJson') });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(
      screen.getByRole('link', { name: single<{ cta: { label: string } }>('NotFoundPageJson').cta.label }),
    ).toHaveAttribute('href', '/');
  });
});
