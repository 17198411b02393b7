// The head script of a page running an experiment (src/insights/experiments/head-script.ts), run in jsdom as the
// browser runs it before the body: it shows the visit the variant assignVariant gives its visit id, makes that id
// as src/insights/visit-id.ts does where there is none, and leaves the original where no id can or may be made.
import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server.node';
import { inlineScriptHashes } from '../../../src/build/security-headers';
import { assignVariant } from '../../../src/insights/experiments/assign';
import { experimentHeadScript } from '../../../src/insights/experiments/head-script';
import { EXPERIMENT_ATTRIBUTE, SHOWN_VARIANT_ATTRIBUTE } from '../../../src/insights/experiments/shown-variant';
import { VISIT_ID_STORAGE_KEY, visitId } from '../../../src/insights/visit-id';
import { UUID_V4, setBrowserValue } from '../../helpers/visit-events';

const ID = 'hero-headline';
const html = document.documentElement;

/** A page load: the script as the page's <head> carries it. */
const runHeadScript = (shares: number[] = [50, 50], id = ID) => new Function(experimentHeadScript(id, shares))();

const shown = () => [html.getAttribute(EXPERIMENT_ATTRIBUTE), html.getAttribute(SHOWN_VARIANT_ATTRIBUTE)];

/** Visit ids in the site's form, the same each run. */
const visitIds = (count: number) =>
  Array.from({ length: count }, (_, index) => `${index.toString(16).padStart(8, '0')}-7c1e-4a5b-9d3f-0e8a6b2c4d1f`);

let undo: (() => void)[] = [];
const set = (target: object, key: string, value: unknown) => undo.push(setBrowserValue(target, key, value));

beforeEach(() => {
  sessionStorage.clear();
  html.removeAttribute(EXPERIMENT_ATTRIBUTE);
  html.removeAttribute(SHOWN_VARIANT_ATTRIBUTE);
});

afterEach(() => {
  for (const step of undo.reverse()) step();
  undo = [];
  jest.restoreAllMocks();
});

it.each([[[50, 50]], [[90, 10]], [[34, 33, 33]], [[40, 20, 20, 20]]])(
  'shows each visit the variant assignVariant gives its stored id, shares %j',
  (shares) => {
    const seen = new Set<string>();
    for (const id of visitIds(400)) {
      sessionStorage.setItem(VISIT_ID_STORAGE_KEY, id);
      runHeadScript(shares);
      expect(shown()).toEqual([ID, String(assignVariant(ID, id, shares))]);
      seen.add(shown()[1]!);
    }
    expect(seen.size).toBe(shares.length);
  },
);

it('makes the visit id where there is none, kept for the bundle, and shows its variant', () => {
  runHeadScript([34, 33, 33]);
  const id = sessionStorage.getItem(VISIT_ID_STORAGE_KEY)!;
  expect(id).toMatch(UUID_V4);
  expect(shown()).toEqual([ID, String(assignVariant(ID, id, [34, 33, 33]))]);
  // The page's JavaScript counts the visit under the same id.
  expect(visitId()).toBe(id);
});

it('keeps the id in memory for the page when sessionStorage is refused', () => {
  const refuse = () => {
    throw new Error('SecurityError');
  };
  jest.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
  const memoryId = '0f0e0d0c-0b0a-4908-8706-050403020100';
  jest.spyOn(crypto, 'randomUUID').mockReturnValue(memoryId);
  runHeadScript([50, 50]);
  expect(shown()).toEqual([ID, String(assignVariant(ID, memoryId, [50, 50]))]);
});

it('makes the id where only writing is refused (a full storage), as visit-id.ts does', () => {
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new Error('QuotaExceededError');
  });
  runHeadScript([50, 50]);
  expect(html.getAttribute(SHOWN_VARIANT_ATTRIBUTE)).toMatch(/^[01]$/);
});

it('sets nothing, so the original shows, where no id can be made (no crypto.randomUUID)', () => {
  set(crypto, 'randomUUID', undefined);
  runHeadScript();
  expect(shown()).toEqual([null, null]);
  expect(sessionStorage.getItem(VISIT_ID_STORAGE_KEY)).toBeNull();
});

it('uses a stored id even without crypto.randomUUID', () => {
  set(crypto, 'randomUUID', undefined);
  const [id] = visitIds(1);
  sessionStorage.setItem(VISIT_ID_STORAGE_KEY, id);
  runHeadScript();
  expect(shown()).toEqual([ID, String(assignVariant(ID, id, [50, 50]))]);
});

it.each([
  ['navigator.doNotTrack is "1"', () => set(navigator, 'doNotTrack', '1')],
  ['navigator.globalPrivacyControl is true', () => set(navigator, 'globalPrivacyControl', true)],
])('makes and stores no id and shows the original when %s', (_case, signal) => {
  signal();
  runHeadScript();
  expect(shown()).toEqual([null, null]);
  expect(sessionStorage.getItem(VISIT_ID_STORAGE_KEY)).toBeNull();
});

it('is small, and hashed into the page’s policy as the browser reads it', () => {
  const script = experimentHeadScript(ID, [34, 33, 33]);
  expect(script.length).toBeLessThan(600);
  const page = renderToStaticMarkup(<script dangerouslySetInnerHTML={{ __html: script }} />);
  expect(inlineScriptHashes(page)).toEqual([
    `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  ]);
});

it('refuses an id or shares the content check would have refused, rather than inline them', () => {
  expect(() => experimentHeadScript('</script><script>alert(1)', [50, 50])).toThrow(RangeError);
  expect(() => experimentHeadScript(ID, [50, 40])).toThrow(RangeError);
});
