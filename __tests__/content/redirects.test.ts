/** @jest-environment node */
// The short links (content/redirects.json): a clean address, a target that is a page or an https address, and the
// cross-checks of check:content (no page shadowed, no duplicate, no chain, no loop, no missing page), each reported
// as file, item, field and fix.
import { formatProblems, loadContent } from '../../src/content-model/check';
import { LINK_ONLY_PATHS, siteRoutes } from '../../src/content-model/routes';
import { copyContent, realContentDir } from '../helpers/content-copy';

let content: ReturnType<typeof copyContent>;
beforeEach(() => (content = copyContent()));
afterEach(() => content.cleanup());

type Link = { from: string; to: string; permanent?: boolean };
const report = (links: Link[]) => {
  content.write('redirects.json', JSON.stringify(links.map((link) => ({ permanent: false, ...link }))));
  return formatProblems(loadContent(content.dir).problems);
};
const FILE = '- content/redirects.json';

describe('short links that pass', () => {
  it('allows a site with none', () => {
    expect(report([])).toBe('');
  });

  it('allows a page of the site with campaign tags, a page with a trailing slash or a section, and an https address', () => {
    expect(
      report([
        { from: '/dental', to: '/contact?utm_source=flyer&utm_campaign=dental' },
        { from: '/plans', to: '/pricing/', permanent: true },
        { from: '/voice', to: '/services#voice-receptionist' },
        { from: '/2026/expo', to: '/' },
        { from: '/linkedin', to: 'https://www.linkedin.com/company/example' },
      ]),
    ).toBe('');
  });

  it.each(siteRoutes(realContentDir).filter((route) => !LINK_ONLY_PATHS.includes(route)))(
    'allows %s, a page of the site (pages, legal pages, landing pages), as where it leads',
    (route) => {
      expect(report([{ from: '/go', to: route }])).toBe('');
    },
  );
});

describe('a short link over an address the site uses', () => {
  it.each(siteRoutes(realContentDir).filter((route) => route !== '/'))(
    'refuses %s, a page of the site (pages, legal pages, landing pages)',
    (route) => {
      expect(report([{ from: route, to: '/contact' }])).toBe(
        `${FILE}, redirect 1 '${route}': 'from': this short link shadows the page at ${route}: visitors could no longer open it. Choose another short link.`,
      );
    },
  );

  it('refuses the legal pages by their slug', () => {
    expect(report([{ from: '/privacy-policy', to: '/contact' }])).toContain('shadows the page at /privacy-policy');
    expect(report([{ from: '/terms', to: '/contact' }])).toContain('shadows the page at /terms');
  });

  it.each([
    ['/admin', '/admin is an address'],
    ['/admin/config', '/admin/config is under /admin, a folder'],
    ['/static/app', '/static/app is under /static, a folder'],
    ['/page-data/app', '/page-data/app is under /page-data, a folder'],
    ['/images/hero', '/images/hero is under /images, a folder'],
    ['/uploads', '/uploads is an address'],
    ['/404', '/404 is an address'],
  ])('refuses %s, an address the site uses', (from, what) => {
    expect(report([{ from, to: '/contact' }])).toBe(
      `${FILE}, redirect 1 '${from}': 'from': ${what} the site itself uses. Choose another short link.`,
    );
  });

  it('does not mistake an address that merely starts like a folder for it', () => {
    expect(report([{ from: '/administration', to: '/contact' }])).toBe('');
  });
});

describe('short links against each other', () => {
  it('refuses two with the same address, naming the first', () => {
    expect(
      report([
        { from: '/dental', to: '/contact' },
        { from: '/dental', to: '/book' },
      ]),
    ).toBe(
      `${FILE}, redirect 2 '/dental': 'from': /dental is also the short link of redirect 1 '/dental'. Keep one of them, or choose another address.`,
    );
  });

  it('refuses a chain and names where it should point', () => {
    expect(
      report([
        { from: '/dentists', to: '/dental?utm_source=old' },
        { from: '/dental', to: '/contact?utm_campaign=dental' },
      ]),
    ).toBe(
      `${FILE}, redirect 1 '/dentists': 'to': /dental is itself a short link (a chain: /dentists → /dental → /contact?utm_campaign=dental). Point it straight at /contact?utm_campaign=dental.`,
    );
  });

  it('refuses a short link to itself', () => {
    expect(report([{ from: '/dental', to: '/dental/?utm_source=flyer' }])).toBe(
      `${FILE}, redirect 1 '/dental': 'to': /dental/?utm_source=flyer leads back to this short link itself, a loop that never reaches a page. Point it at a page, such as /contact.`,
    );
  });

  it('refuses a loop of two, on both', () => {
    expect(
      report([
        { from: '/a', to: '/b' },
        { from: '/b', to: '/a' },
      ]),
    ).toBe(
      [
        `${FILE}, redirect 1 '/a': 'to': /b is a short link that leads back here (/a → /b → /a), a loop that never reaches a page. Point it straight at a page.`,
        `${FILE}, redirect 2 '/b': 'to': /a is a short link that leads back here (/b → /a → /b), a loop that never reaches a page. Point it straight at a page.`,
      ].join('\n'),
    );
  });

  it('refuses a link into a loop it is not part of', () => {
    expect(
      report([
        { from: '/x', to: '/a' },
        { from: '/a', to: '/b' },
        { from: '/b', to: '/a' },
      ]),
    ).toContain(
      `${FILE}, redirect 1 '/x': 'to': /a is itself a short link, and it goes round in a loop (/x → /a → /b → /a). Point this one straight at a page.`,
    );
  });
});

describe('where a short link leads', () => {
  it('refuses a page that does not exist, listing those that do', () => {
    const problems = report([{ from: '/dental', to: '/no-such-page?utm_source=flyer' }]);
    expect(problems).toMatch(
      new RegExp(
        `^${FILE}, redirect 1 '/dental': 'to': there is no page at /no-such-page\\. Use one of: .*/contact.*\\.$`,
      ),
    );
    expect(problems).not.toContain('/booking');
  });

  it('refuses a page that opens only from its secret link', () => {
    expect(report([{ from: '/manage', to: '/booking' }])).toBe(
      `${FILE}, redirect 1 '/manage': 'to': /booking opens only from the secret link in an e-mail. Point the short link at another page.`,
    );
  });

  it.each([
    [
      'contact',
      'to must be a page of this site starting with "/" (e.g. /contact) or a full address starting with "https://"',
    ],
    ['http://example.com', 'to must be a page of this site starting with "/"'],
    ['//example.com/page', 'to must be a page of this site starting with "/"'],
    ['/contact us', 'to must not contain spaces'],
    ['https://', 'to must be a full address such as https://example.com'],
  ])('refuses %s', (to, message) => {
    expect(report([{ from: '/dental', to }])).toContain(`${FILE}, redirect 1 '/dental': 'to': ${message}`);
  });
});

describe('the address of a short link', () => {
  it.each([
    ['dental', 'from must start with "/", e.g. /dental'],
    ['/', 'from cannot be "/", the home page: choose a short word such as /dental'],
    ['/dental?utm_source=flyer', 'from is the address alone, without "?" or "#": campaign tags (?utm_…) belong in to'],
    ['/dental#top', 'from is the address alone, without "?" or "#"'],
    ['/dental/', 'from must not end with "/": write /dental'],
    ['/Dental', 'from must be a path such as /dental: lowercase letters, digits and dashes after the "/"'],
    ['/dental clinics', 'from must be a path such as /dental'],
    ['//dental', 'from must be a path such as /dental'],
    ['/dental.html', 'from must be a path such as /dental'],
  ])('refuses %s with one message that names the fix', (from, message) => {
    const problems = report([{ from, to: '/contact' }]).split('\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${FILE}, redirect 1 '${from}': 'from': ${message}`);
  });

  it('asks for permanent, and for nothing else', () => {
    content.write('redirects.json', JSON.stringify([{ from: '/dental', to: '/contact', campaign: 'x' }]));
    const problems = formatProblems(loadContent(content.dir).problems);
    expect(problems).toContain(`${FILE}, redirect 1 '/dental': 'permanent' is missing.`);
    expect(problems).toContain("'campaign' is not a known field.");
  });
});
