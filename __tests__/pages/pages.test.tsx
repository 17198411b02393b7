import { render, screen, within } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import HomePage, { Head as HomeHead } from '../../src/pages/index';
import ServicesPage from '../../src/pages/services';
import PricingPage, { Head as PricingHead } from '../../src/pages/pricing';
import ContactPage from '../../src/pages/contact';
import BookPage from '../../src/pages/book';
import NotFoundPage from '../../src/pages/404';
import LegalPageTemplate from '../../src/templates/legal-page';
import { renderWithTheme } from '../helpers/render-with-theme';
import { nodes, single } from '../helpers/content-fixtures';
import { mockSiteSettings } from '../helpers/site-settings';

jest.mock('../../src/lib/leads');

beforeEach(() => mockSiteSettings());

// Pages are typed with their GraphQL query results; the fixtures are the same content the build reads.
function renderPage<P extends object>(Page: ComponentType<P>, data: Record<string, unknown>, children?: ReactNode) {
  const props = { data, children } as unknown as P;
  return renderWithTheme(<Page {...props} />);
}

const site = () => single('SiteJson');

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
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Put your front office on autopilot');
    expect(screen.getAllByRole('link', { name: 'Book a Free Strategy Call' })[0]).toHaveAttribute('href', '/book');
    const services = within(screen.getByRole('region', { name: 'Four ways AI can take work off your plate' }));
    expect(services.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Lead Capture & CRM Integration',
      'Customer Support Agent',
      'AI Appointment Setting',
      'AI Voice Receptionist',
    ]);
    const why = within(screen.getByRole('region', { name: 'Why business owners choose Brightlane AI' }));
    expect(why.getByRole('img', { name: /^A Brightlane AI dashboard: leads captured/ })).toBeInTheDocument();
    expect(screen.getAllByText('Rated 5 out of 5')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'See what you could automate in 30 minutes' })).toBeInTheDocument();
  });

  it('states the claims', () => {
    renderPage(HomePage, data());
    for (const claim of ['Up to 70%', '99.9%', '3–5x', '60%']) expect(screen.getByText(claim)).toBeInTheDocument();
    expect(screen.getByText(/50–70%/)).toBeInTheDocument();
  });

  it('describes the organisation to search engines in its head', () => {
    const { container } = render(
      <HomeHead
        data={data() as never}
        location={{ pathname: '/' } as never}
        params={{}}
        pageContext={{}}
        serverData={{}}
      />,
    );
    expect(container.querySelector('title')).toHaveTextContent(
      'Brightlane AI | Custom AI Automation for Growing Businesses',
    );
    expect(container.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://brightlane.ai/');
    const jsonLd = JSON.parse(container.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd).toMatchObject({ '@type': 'Organization', name: 'Brightlane AI', email: 'hello@brightlane.ai' });
  });
});

describe('services page', () => {
  it('shows each service with its description and benefit list, then why custom and a call to action', () => {
    renderPage(ServicesPage, { servicesPageJson: single('ServicesPageJson'), allService: nodes('Service', 'order') });
    const voice = within(screen.getByRole('article', { name: 'AI Voice Receptionist' }));
    expect(voice.getByRole('heading', { name: 'What you get' })).toBeInTheDocument();
    expect(voice.getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(screen.getAllByRole('article')).toHaveLength(
      4 + single<{ whyCustom: { points: unknown[] } }>('ServicesPageJson').whyCustom.points.length,
    );
    expect(screen.getByRole('link', { name: 'Book a Free Strategy Call' })).toHaveAttribute('href', '/book');
  });
});

describe('pricing page', () => {
  const data = () => ({ pricingPageJson: single('PricingPageJson'), allPlansJson: nodes('PlansJson', 'order') });

  it('shows the four plans in order, flags Full Bot Support as Most Popular and shows no price', () => {
    const { container } = renderPage(PricingPage, data());
    const plans = screen.getAllByRole('heading', { level: 2 }).slice(0, 4);
    expect(plans.map((heading) => heading.textContent)).toEqual([
      'Lead Capture',
      'Full Bot Support',
      'Voice AI',
      'Enterprise',
    ]);
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(
      within(screen.getByRole('article', { name: 'Full Bot Support' })).getByText('Most Popular'),
    ).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/[$€£]\s?\d/);
  });

  it('links every plan to /contact with Get Custom Quote', () => {
    renderPage(PricingPage, data());
    const quoteLinks = screen.getAllByRole('link', { name: /^Get Custom Quote/ });
    expect(quoteLinks).toHaveLength(4);
    for (const link of quoteLinks) expect(link).toHaveAttribute('href', '/contact');
  });

  it('has its own title and description', () => {
    const { container } = render(
      <PricingHead
        data={data() as never}
        location={{ pathname: '/pricing' } as never}
        params={{}}
        pageContext={{}}
        serverData={{}}
      />,
    );
    expect(container.querySelector('title')).toHaveTextContent('Pricing | Brightlane AI');
    expect(container.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
    expect(container.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://brightlane.ai/pricing');
    expect(container.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'Pricing | Brightlane AI');
  });
});

describe('contact and book pages', () => {
  it('/contact states the 15-minute discovery call and shows the demo request form', () => {
    renderPage(ContactPage, {
      contactPageJson: single('ContactPageJson'),
      contactFormJson: { content: single('ContactFormJson') },
      siteJson: site(),
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Request a demo');
    expect(screen.getAllByText(/15-minute discovery call/i).length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: /What would you like to automate/ })).toBeInTheDocument();
  });

  it('/book states the 30-minute strategy call and shows the booking form', () => {
    renderPage(BookPage, {
      bookPageJson: single('BookPageJson'),
      bookingFormJson: { content: single('BookingFormJson') },
      siteJson: site(),
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Book a free strategy call');
    expect(screen.getAllByText(/30-minute/i).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: /phone/i })).toHaveAttribute('type', 'tel');
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
