// Everything the editor needs besides Decap itself: the content files' formats, the checked and read-only
// widgets, the whole-entry check before a save, and the preview templates.
import type { ComponentType } from 'react';
import type { CMS } from 'decap-cms-core';
import type { ZodType } from 'zod';
import { contentSources, type ContentSource } from '../content-model/registry';
import { checkedPart, contentFormat } from '../content-model/content-formats';
import { formatName } from './cms-config';
import { checkedControl, type ControlProps } from './widgets/CheckedControl';
import { FixedValueControl, FixedValuePreview } from './widgets/FixedValue';
import { plainValue } from './widgets/plain-value';
import { HomePreview, PagePreview, PlansPreview, TestimonialsPreview } from './previews/page-previews';
import { LegalPreview, ServicePreview } from './previews/mdx-previews';

const CHECKED_WIDGETS = {
  'checked-string': 'string',
  'checked-text': 'text',
  'checked-number': 'number',
  'checked-select': 'select',
  'checked-boolean': 'boolean',
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
};

/** The content source an entry belongs to: file entries are named after their type, folders after the collection. */
function sourceOf(collection: string, slug: string): ContentSource | undefined {
  const folder = { services: 'Service', legal: 'LegalPage' }[collection];
  return contentSources.find((source) => source.typeName === (folder ?? slug));
}

export function registerEditor(cms: CMS, checks: Map<string, ZodType>): void {
  for (const source of contentSources) {
    const format = contentFormat(source);
    cms.registerCustomFormat(formatName(source), format.extension, format);
  }
  for (const [name, builtIn] of Object.entries(CHECKED_WIDGETS)) {
    const widget = cms.getWidget(builtIn);
    if (!widget) throw new Error(`Decap has no ${builtIn} widget`);
    const control = widget.control as unknown as ComponentType<ControlProps>;
    cms.registerWidget(name, checkedControl(control, checks) as never, widget.preview as never);
  }
  cms.registerWidget('fixed', FixedValueControl as never, FixedValuePreview as never);

  // The same check as `npm run check:content` for the entry's own file, before anything is written.
  cms.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      const source = sourceOf(entry.get('collection') as string, entry.get('slug') as string);
      if (!source) return undefined;
      const { schema, value } = checkedPart(source, plainValue(entry.get('data')) as Record<string, unknown>);
      const result = schema.safeParse(value);
      if (!result.success) {
        throw new Error(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      }
      return undefined;
    },
  });

  for (const [name, preview] of Object.entries(PREVIEWS)) cms.registerPreviewTemplate(name, preview as never);
}
