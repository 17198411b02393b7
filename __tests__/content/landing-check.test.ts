/** @jest-environment node */
// The content check on landing pages and uploaded images: what a marketer may build, and the message for each
// mistake. The pages here are the test's own (the sample in content/landing may be changed or removed).
import fs from 'node:fs';
import path from 'node:path';
import { formatProblems, loadContent } from '../../src/content-model/check';
import { landingBlocks, type LandingSection } from '../../src/content-model/landing-schema';
import { MAX_IMAGE_BYTES } from '../../src/content-model/image-schema';
import { copyContent, realContentDir } from '../helpers/content-copy';

let content: ReturnType<typeof copyContent>;
beforeEach(() => {
  content = copyContent();
  fs.rmSync(path.join(content.dir, 'landing'), { recursive: true, force: true });
  fs.mkdirSync(path.join(content.dir, 'landing'));
});
afterEach(() => content.cleanup());

const report = () => formatProblems(loadContent(content.dir).problems);
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(realContentDir, file), 'utf8'));
const serviceSlugs = fs
  .readdirSync(path.join(realContentDir, 'services'))
  .map((name) => name.replace(/\.mdx$/, ''))
  .sort();
const planIds: string[] = readJson('plans.json').map((plan: { id: string }) => plan.id);
const testimonialIds: string[] = readJson('testimonials.json').map((item: { id: string }) => item.id);
const problemOptions: string[] = readJson('forms/contact-form.json').inputs.problem.options;

// A 1×1 PNG: a real image the checks accept.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const upload = (name: string, bytes: Buffer = PNG) => {
  fs.mkdirSync(path.join(content.dir, 'images'), { recursive: true });
  fs.writeFileSync(path.join(content.dir, 'images', name), bytes);
};

const link = { label: 'Book a call', to: '/book' };
/** One section of every block type, in a valid order: the hero first. */
const everyBlock: LandingSection[] = [
  {
    type: 'hero',
    title: 'Answer every call',
    text: 'Words.',
    primaryCta: link,
    image: { src: '/images/hero.png', alt: 'A phone' },
  },
  { type: 'services', title: 'Services', intro: 'Intro.', linkLabel: 'More', services: serviceSlugs.slice(0, 2) },
  { type: 'plans', title: 'Plans', intro: 'Intro.', plans: planIds.slice(0, 2) },
  { type: 'testimonials', title: 'Clients', intro: 'Intro.', testimonials: testimonialIds.slice(0, 1) },
  { type: 'stats', stats: [{ value: '24/7', label: 'answered' }] },
  { type: 'reasons', title: 'Why', intro: 'Intro.', reasons: [{ title: 'Fast', text: 'Quick.' }] },
  { type: 'text', body: 'Some **bold** words and [a link](/pricing).' },
  { type: 'faq', title: 'Questions', questions: [{ question: 'Is it an AI?', answer: 'Yes.' }] },
  { type: 'cta', title: 'Ready?', text: 'Talk to us.', primaryCta: { label: 'See the form', to: '#form' } },
  { type: 'form', title: 'Ask for a demo', intro: 'Tell us.', form: 'demo-request', problem: problemOptions[0] },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages are broken on purpose
function writePage(file: string, page: Record<string, any>) {
  content.write(`landing/${file}`, JSON.stringify(page, null, 2));
}
const page = (slug: string, sections: unknown[] = everyBlock) => ({
  slug,
  meta: { title: 'A campaign', description: 'For a campaign.' },
  sections,
});

beforeEach(() => upload('hero.png'));

it('accepts a page using every block, and an empty or missing folder of landing pages', () => {
  expect(new Set(everyBlock.map((section) => section.type))).toEqual(
    new Set(landingBlocks.map((block) => block.shape.type.value)),
  );
  writePage('dental.json', page('dental'));
  expect(report()).toBe('');
  fs.rmSync(path.join(content.dir, 'landing'), { recursive: true });
  expect(report()).toBe('');
});

it('lets other content link to a landing page', () => {
  writePage('dental.json', page('dental'));
  content.editJson('pages/home.json', (home) => (home.hero.secondaryCta.to = '/dental'));
  expect(report()).toBe('');
});

describe('the address', () => {
  it.each([
    ['pricing', "the site's page /pricing"],
    ['privacy-policy', 'the legal page /privacy-policy'],
    ['admin', 'files the site needs'],
    ['page-data', 'files the site needs'],
  ])('refuses the slug %s, taken by %s', (slug, owner) => {
    writePage('campaign.json', page(slug));
    expect(report()).toBe(
      `- content/landing/campaign.json: 'slug' ${slug} gives the address /${slug}, which is already ${owner}. Choose another slug.`,
    );
  });

  it('refuses two landing pages at one address, naming the first', () => {
    writePage('a.json', page('dental'));
    writePage('b.json', page('dental'));
    expect(report()).toBe(
      "- content/landing/b.json: 'slug' dental gives the address /dental, which is already the landing page content/landing/a.json. Choose another slug.",
    );
  });

  it.each(['Dental Clinics', 'dental/clinics', 'dental--clinics', '-dental', 'dentál'])(
    'refuses the unclean slug %j',
    (slug) => {
      writePage('campaign.json', page(slug));
      expect(report()).toBe(
        "- content/landing/campaign.json: 'slug': slug must be lowercase letters, digits and single dashes, e.g. dental-clinics for /dental-clinics.",
      );
    },
  );
});

describe('the sections', () => {
  it('wants one hero, at the top', () => {
    writePage('a.json', page('a', everyBlock.slice(1)));
    writePage('b.json', page('b', [everyBlock[1], everyBlock[0]]));
    writePage('c.json', page('c', [everyBlock[0], everyBlock[0]]));
    const fix = 'Move one hero to the top and remove any other.';
    expect(report().split('\n')).toEqual([
      `- content/landing/a.json: a landing page starts with one hero section (it holds the page's main heading) and has no other; this one has none. ${fix}`,
      `- content/landing/b.json: a landing page starts with one hero section (it holds the page's main heading) and has no other; this one has one at section 2. ${fix}`,
      `- content/landing/c.json: a landing page starts with one hero section (it holds the page's main heading) and has no other; this one has 2 at sections 1, 2. ${fix}`,
    ]);
  });

  it('holds one lead form, and a #form link needs it', () => {
    const form = everyBlock.find((section) => section.type === 'form')!;
    writePage('a.json', page('a', [...everyBlock, form]));
    writePage(
      'b.json',
      page(
        'b',
        everyBlock.filter((section) => section.type !== 'form'),
      ),
    );
    expect(report().split('\n')).toEqual([
      '- content/landing/a.json: sections 10 and 11 are both forms; a page holds one lead form. Remove all but one, and link to it from buttons with #form.',
      '- content/landing/b.json: a button links to #form, but the page has no form section. Add a form section, or link to /contact.',
    ]);
  });

  it('refuses #form outside a landing page', () => {
    content.editJson('pages/home.json', (home) => (home.hero.secondaryCta.to = '#form'));
    expect(report()).toBe(
      "- content/pages/home.json: the link '#form' only works on a landing page with a form. Link to /contact or /book instead.",
    );
  });

  it('preselects only a problem the demo form offers, and only on the demo form', () => {
    const sections = (form: object) => [...everyBlock.slice(0, -1), { ...everyBlock[everyBlock.length - 1], ...form }];
    writePage('a.json', page('a', sections({ problem: 'Teeth whitening' })));
    writePage('b.json', page('b', sections({ form: 'strategy-call' })));
    expect(report().split('\n')).toEqual([
      `- content/landing/a.json: 'sections[10].problem' is 'Teeth whitening', which the demo request form does not offer. Use one of: ${problemOptions.join('; ')}.`,
      "- content/landing/b.json: 'sections[10].problem' only applies to the demo-request form. Remove it, or set form to demo-request.",
    ]);
  });

  it('names services, plans and testimonials that exist, each once', () => {
    const sections = everyBlock.map((section) => {
      if (section.type === 'services') return { ...section, services: [serviceSlugs[0], 'dental-xray'] };
      if (section.type === 'plans') return { ...section, plans: [planIds[0], planIds[0]] };
      if (section.type === 'testimonials') return { ...section, testimonials: ['Dr. Priya Raman'] };
      return section;
    });
    writePage('a.json', page('a', sections));
    expect(report().split('\n')).toEqual([
      `- content/landing/a.json: 'sections[2].services[2]' names 'dental-xray', which is not one of the services. Use one of: ${serviceSlugs.join(', ')}.`,
      `- content/landing/a.json: 'sections[4].testimonials[1]' names 'Dr. Priya Raman', which is not one of the testimonials. Use one of: ${testimonialIds.join(', ')}.`,
      `- content/landing/a.json: the plans section names '${planIds[0]}' twice. Remove one.`,
    ]);
  });

  it('names an unknown block type and an unknown field of a block', () => {
    writePage('a.json', page('a', [...everyBlock, { type: 'video', url: 'https://example.com' }]));
    writePage('b.json', page('b', [{ ...everyBlock[0], subtitle: 'Words' }, ...everyBlock.slice(1)]));
    const types = landingBlocks.map((block) => block.shape.type.value).join(', ');
    expect(report()).toContain(`- content/landing/a.json: 'sections[11].type': type must be one of: ${types}.`);
    expect(report()).toContain("- content/landing/b.json: 'sections[1].subtitle' is not a known field.");
  });
});

describe('uploaded images', () => {
  const withImage = (image: object) => [{ ...everyBlock[0], image }, ...everyBlock.slice(1)];

  it('want alt text or the decorative mark, not both', () => {
    writePage('a.json', page('a', withImage({ src: '/images/hero.png' })));
    writePage('b.json', page('b', withImage({ src: '/images/hero.png', alt: 'A phone', decorative: true })));
    writePage('c.json', page('c', withImage({ src: '/images/hero.png', decorative: true })));
    const message =
      "'sections[1].image.alt': an image needs either alt (what it shows, for people who cannot see it) or decorative ticked (it adds nothing to the words), not both.";
    expect(report().split('\n')).toEqual([
      `- content/landing/a.json: ${message}`,
      `- content/landing/b.json: ${message}`,
    ]);
  });

  it('must be uploaded, an image and at most the size limit, wherever they are used', () => {
    upload('notes.jpg', Buffer.from('these are my notes, not a picture'));
    upload('huge.png', Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]));
    writePage('a.json', page('a', withImage({ src: '/images/missing.jpg', alt: 'A phone' })));
    writePage('b.json', page('b', withImage({ src: '/images/notes.jpg', alt: 'A phone' })));
    content.editJson('testimonials.json', (items) => (items[0].photo = { src: '/images/huge.png', alt: 'Priya' }));
    content.editJson('pages/home.json', (home) => (home.meta.image = { src: '/uploads/hero.gif', alt: 'A phone' }));
    expect(report().split('\n')).toEqual([
      "- content/pages/home.json: 'meta.image.src': src must be an image uploaded in the editor (/images/name.jpg): a JPEG, PNG, WebP or AVIF file.",
      `- content/testimonials.json, testimonial 1 '${readJson('testimonials.json')[0].name}': 'photo.src' is 2.0 MB; images may be at most 2 MB. Export it at most 2,400 pixels wide as a JPEG or WebP and upload that.`,
      "- content/landing/a.json: 'sections[1].image.src' is /images/missing.jpg, but there is no such file in content/images. Upload it in the editor, or choose another.",
      "- content/landing/b.json: 'sections[1].image.src' is /images/notes.jpg, which is not a JPEG, PNG, WebP or AVIF image. Upload the picture in one of those formats.",
    ]);
  });
});
