// The page view of a page running an experiment says which version the visit was shown (`<id>:<index>`), read from
// <html>'s attributes as the head script or the page set them; any other page view says nothing of it. Each test is
// a page load of the site's browser entry, as in __tests__/insights/counting.test.ts.
import type * as GatsbyBrowser from '../../../gatsby-browser';
import {
  EXPERIMENT_ATTRIBUTE,
  SHOWN_VARIANT_ATTRIBUTE,
  variantLabel,
} from '../../../src/insights/experiments/shown-variant';
import { inlineSupabaseConfig, mockFetch, removeFetch, sentEvents, type FetchMock } from '../../helpers/visit-events';

const html = document.documentElement;
let fetchMock: FetchMock;
let removeConfig: () => void;

beforeAll(() => (removeConfig = inlineSupabaseConfig()));
afterAll(() => removeConfig());

beforeEach(() => {
  jest.useFakeTimers();
  sessionStorage.clear();
  fetchMock = mockFetch();
});

afterEach(() => {
  window.dispatchEvent(new Event('pagehide'));
  html.removeAttribute(EXPERIMENT_ATTRIBUTE);
  html.removeAttribute(SHOWN_VARIANT_ATTRIBUTE);
  removeFetch();
  jest.useRealTimers();
  window.history.replaceState(null, '', '/');
});

/** A full page load of `path`: the app starts and counts the first page. */
function openPage(path: string): typeof GatsbyBrowser {
  window.history.replaceState(null, '', path);
  let browser: typeof GatsbyBrowser | undefined;
  jest.isolateModules(() => {
    browser = jest.requireActual<typeof GatsbyBrowser>('../../../gatsby-browser');
  });
  browser!.onClientEntry();
  browser!.onRouteUpdate();
  return browser!;
}

/** What the head script (or, after a navigation, the page) sets. */
function showVersion(experimentId: string, index: number) {
  html.setAttribute(EXPERIMENT_ATTRIBUTE, experimentId);
  html.setAttribute(SHOWN_VARIANT_ATTRIBUTE, String(index));
}

/** Sends what was counted (the page's load event has passed). */
function sent() {
  window.dispatchEvent(new Event('pagehide'));
  return sentEvents(fetchMock);
}

it('sends the version shown with the page view of a page running an experiment', () => {
  showVersion('dental-hero-headline', 1);
  openPage('/dental-clinics');
  expect(sent()).toEqual([
    expect.objectContaining({ kind: 'page_view', path: '/dental-clinics', variant: 'dental-hero-headline:1' }),
  ]);
});

it('says 0 for the original, and nothing on the pages after the one with the experiment', () => {
  showVersion('home-hero', 0);
  const browser = openPage('/');
  // The home page goes: its layout effect takes the attributes away before Gatsby counts the next page.
  html.removeAttribute(EXPERIMENT_ATTRIBUTE);
  html.removeAttribute(SHOWN_VARIANT_ATTRIBUTE);
  window.history.pushState(null, '', '/pricing');
  browser.onRouteUpdate();
  const [home, pricing] = sent();
  expect(home.variant).toBe('home-hero:0');
  expect(pricing).not.toHaveProperty('variant');
});

it('sends no variant where the page shows the original for want of a visit id (no attributes)', () => {
  openPage('/dental-clinics');
  expect(sent()[0]).not.toHaveProperty('variant');
});

it("keeps the visit's attribution, unchanged, beside the variant", () => {
  showVersion('dental-hero-headline', 1);
  const browser = openPage('/dental-clinics?utm_source=newsletter');
  html.removeAttribute(EXPERIMENT_ATTRIBUTE);
  html.removeAttribute(SHOWN_VARIANT_ATTRIBUTE);
  window.history.pushState(null, '', '/pricing');
  browser.onRouteUpdate();
  const [landing, pricing] = sent();
  expect(landing).toEqual(expect.objectContaining({ utm_source: 'newsletter', variant: 'dental-hero-headline:1' }));
  expect(pricing).toEqual(expect.objectContaining({ utm_source: 'newsletter' }));
  expect(pricing).not.toHaveProperty('variant');
});

it('labels the variant as the database reads it: the experiment, a colon, the index', () => {
  expect(variantLabel('home-hero', 2)).toBe('home-hero:2');
});
