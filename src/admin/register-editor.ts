// Everything the editor needs besides Decap itself: the content files' formats, the checked and read-only
// widgets, the ending of experiments and the whole-entry check before a save, and the preview templates.
import type { ComponentType } from 'react';
import type { CMS } from 'decap-cms-core';
import type { ZodType } from 'zod';
import { contentSources } from '../content-model/registry';
import { contentFormat } from '../content-model/content-formats';
import { formatName } from './cms-config';
import { EntryRefusal, entryProblems, sourceOf } from './entry-check';
import { checkedControl, type ControlProps } from './widgets/CheckedControl';
import { checkedImageControl } from './widgets/CheckedImage';
import { checkedObjectControl } from './widgets/CheckedObject';
import { FixedValueControl, FixedValuePreview } from './widgets/FixedValue';
import { immutableLike, plainValue } from './widgets/plain-value';
import { endExperiments } from './end-experiment';
import { HomePreview, PagePreview, PlansPreview, TestimonialsPreview } from './previews/page-previews';
import { LegalPreview, ServicePreview } from './previews/mdx-previews';
import { LandingPreview } from './previews/landing-preview';

type Wrap = (control: ComponentType<ControlProps>, checks: Map<string, ZodType>) => ComponentType<ControlProps>;

/** Each checked widget: the built-in widget it wraps, and how its value is checked. */
const CHECKED_WIDGETS: Record<string, [string, Wrap]> = {
  'checked-string': ['string', checkedControl],
  'checked-text': ['text', checkedControl],
  'checked-number': ['number', checkedControl],
  'checked-datetime': ['datetime', checkedControl],
  'checked-select': ['select', checkedControl],
  'checked-boolean': ['boolean', checkedControl],
  'checked-relation': ['relation', checkedControl],
  'checked-markdown': ['markdown', checkedControl],
  'checked-image': ['image', checkedImageControl as unknown as Wrap],
  'checked-object': ['object', checkedObjectControl as unknown as Wrap],
};

const PREVIEWS: Record<string, ComponentType<never>> = {
  HomeJson: HomePreview,
  ServicesPageJson: PagePreview,
  PricingPageJson: PagePreview,
  ContactPageJson: PagePreview,
  BookPageJson: PagePreview,
  PlansJson: PlansPreview,
  TestimonialsJson: TestimonialsPreview,
  services: ServicePreview,
  legal: LegalPreview,
  landing: LandingPreview,
};

export function registerEditor(cms: CMS, checks: Map<string, ZodType>): void {
  for (const source of contentSources) {
    const format = contentFormat(source);
    cms.registerCustomFormat(formatName(source), format.extension, format);
  }
  for (const [name, [builtIn, wrap]] of Object.entries(CHECKED_WIDGETS)) {
    const widget = cms.getWidget(builtIn);
    if (!widget) throw new Error(`Decap has no ${builtIn} widget`);
    const control = widget.control as unknown as ComponentType<ControlProps>;
    cms.registerWidget(name, wrap(control, checks) as never, widget.preview as never);
  }
  cms.registerWidget('fixed', FixedValueControl as never, FixedValuePreview as never);
  // An MDX body (services, legal pages) is edited as the text it is: a rich-text editor would rewrite its Markdown.
  const text = cms.getWidget('text');
  if (!text) throw new Error('Decap has no text widget');
  cms.registerWidget('mdx-body', text.control as never, text.preview as never);

  cms.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      const source = sourceOf(entry.get('collection') as string, entry.get('slug') as string);
      if (!source) return undefined;
      const data = entry.get('data');
      const plain = plainValue(data) as Record<string, unknown>;
      // An experiment ended in this edit is checked and saved as the section it leaves.
      const ended = endExperiments(source, plain);
      const problems = [...ended.problems, ...(await entryProblems(source, ended.data))];
      if (problems.length > 0) throw new EntryRefusal(problems);
      // Decap saves the data the handler returns (as Immutable, as it holds it), else its own.
      return ended.data === plain ? undefined : immutableLike(data, ended.data);
    },
  });

  for (const [name, preview] of Object.entries(PREVIEWS)) cms.registerPreviewTemplate(name, preview as never);
}
