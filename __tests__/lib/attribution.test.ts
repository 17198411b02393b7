// Where a lead came from, recorded on the first page view of the visit and sent with each lead.
import type * as Attribution from '../../src/lib/attribution';
import { VISIT_ID_STORAGE_KEY } from '../../src/insights/visit-id';
import { UUID_V4 } from '../helpers/visit-events';

const ORIGIN = 'https://brightlane.ai';
const page = (pathAndQuery: string) => {
  const url = new URL(pathAndQuery, ORIGIN);
  return { pathname: url.pathname, search: url.search, origin: url.origin };
};

/** A fresh copy of the module, as on a new page load (the visit held in memory is forgotten). */
function load(): typeof Attribution {
  let loaded: typeof Attribution | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof Attribution>('../../src/lib/attribution');
  });
  return loaded!;
}

beforeEach(() => sessionStorage.clear());

describe('describeVisit', () => {
  const { describeVisit } = load();

  it('keeps the landing path and query, the referrer origin only and the utm_* parameters present', () => {
    expect(
      describeVisit(
        page('/services?utm_source=newsletter&utm_campaign=spring&gclid=abc'),
        'https://news.example.com/issue/12?reader=ada@example.com',
      ),
    ).toEqual({
      landing_page: '/services?utm_source=newsletter&utm_campaign=spring&gclid=abc',
      referrer: 'https://news.example.com',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
    });
  });

  it('records all five utm parameters, trimmed, and leaves out empty ones', () => {
    const search =
      '?utm_source=%20google%20&utm_medium=cpc&utm_campaign=brand&utm_term=ai+receptionist&utm_content=ad-2&utm_id=';
    expect(describeVisit(page(`/${search}`), '')).toEqual({
      landing_page: `/${search}`,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'brand',
      utm_term: 'ai receptionist',
      utm_content: 'ad-2',
    });
    expect(describeVisit(page('/?utm_source='), '')).toEqual({ landing_page: '/?utm_source=' });
  });

  it.each([
    ['no referrer', ''],
    ['this site itself', `${ORIGIN}/pricing`],
    ['something that is not a URL', 'not a url'],
  ])('has no referrer for %s', (_case, referrer) => {
    expect(describeVisit(page('/book'), referrer)).toEqual({ landing_page: '/book' });
  });

  it('cuts every value to the 500 characters the database accepts', () => {
    const long = 'x'.repeat(600);
    const visit = describeVisit(page(`/?utm_source=${long}`), '');
    expect(visit.utm_source).toHaveLength(500);
    expect(visit.landing_page).toHaveLength(500);
  });
});

describe('captureVisit and leadAttribution', () => {
  it('records only the first page view of the visit, in sessionStorage, with nothing personal', () => {
    const first = load();
    first.captureVisit(page('/services?utm_source=newsletter&utm_campaign=spring'), 'https://news.example.com/a');
    first.captureVisit(page('/pricing?utm_source=other'), 'https://other.example.com/');
    const stored = JSON.parse(sessionStorage.getItem(first.ATTRIBUTION_STORAGE_KEY)!);
    expect(stored).toEqual({
      landing_page: '/services?utm_source=newsletter&utm_campaign=spring',
      referrer: 'https://news.example.com',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
    });

    // A reload or a later page of the same visit (a new module instance) keeps the first landing.
    const later = load();
    later.captureVisit(page('/book'), '');
    expect(later.leadAttribution('booking_form', page('/book'))).toEqual({
      surface: 'booking_form',
      landing_page: '/services?utm_source=newsletter&utm_campaign=spring',
      referrer: 'https://news.example.com',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      submitted_from: '/book',
      // The visit's id, kept in sessionStorage beside the attribution (src/insights/visit-id.ts).
      visit_id: sessionStorage.getItem(VISIT_ID_STORAGE_KEY),
    });
    expect(sessionStorage.getItem(VISIT_ID_STORAGE_KEY)).toMatch(UUID_V4);
  });

  it('without a recorded visit, the page of the lead is the landing page', () => {
    expect(load().leadAttribution('chat', page('/pricing?plan=growth'))).toEqual({
      surface: 'chat',
      landing_page: '/pricing?plan=growth',
      submitted_from: '/pricing',
      visit_id: expect.stringMatching(UUID_V4),
    });
  });

  it('ignores stored values of the wrong shape', () => {
    sessionStorage.setItem(
      load().ATTRIBUTION_STORAGE_KEY,
      JSON.stringify({ landing_page: '/x', referrer: 5, utm_source: 'ok', email: 'ada@example.com' }),
    );
    expect(load().leadAttribution('contact_form', page('/contact'))).toEqual({
      surface: 'contact_form',
      landing_page: '/x',
      utm_source: 'ok',
      submitted_from: '/contact',
      visit_id: expect.stringMatching(UUID_V4),
    });
  });

  it('keeps the visit in memory when sessionStorage refuses it', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    try {
      const module = load();
      module.captureVisit(page('/?utm_medium=social'), 'https://t.co/xyz');
      expect(module.leadAttribution('chat', page('/contact'))).toEqual({
        surface: 'chat',
        landing_page: '/?utm_medium=social',
        referrer: 'https://t.co',
        utm_medium: 'social',
        submitted_from: '/contact',
        visit_id: expect.stringMatching(UUID_V4),
      });
    } finally {
      setItem.mockRestore();
    }
  });
});
