// The landing page's renderers: one component per block type of the content model (landing-schema.ts), each
// built from the site's own section components. The map is typed by the schema's block types, so a block
// added to the schema without a renderer fails the typecheck. The site (src/templates/landing-page.tsx) and the
// editor's preview (src/admin/previews/landing-sections-preview.tsx) both render through LandingBlock, each
// resolving references and images its own way into the same props.
//
// A landing page must load no more JavaScript than the home page before it is usable. Only the hero (above the
// fold) and the form section's frame are in the page's own chunk; the other blocks come in one chunk loaded
// after it (below-the-fold.ts) and the forms in theirs (FormBlock.tsx). The server renders every block whole,
// and React keeps that HTML until a block's code has arrived and hydrated it, so nothing shifts or blinks.
import { lazy, Suspense, type ComponentType } from 'react';
import type { LandingBlockType } from '../../content-model/landing-schema';
import { HeroBlock, type HeroBlockProps } from './HeroBlock';
import type { ServicesBlockProps } from './ServicesBlock';
import type { PlansBlockProps } from './PlansBlock';
import type { TestimonialsBlockProps } from './TestimonialsBlock';
import type { StatsBlockProps } from './StatsBlock';
import type { ReasonsBlockProps } from './ReasonsBlock';
import type { TextBlockProps } from './TextBlock';
import type { FaqBlockProps } from './FaqBlock';
import type { CtaBlockProps } from './CtaBlock';
import { FormBlock, type FormBlockProps } from './FormBlock';
import type { SectionKey } from './section-key';

type BelowTheFold = typeof import('./below-the-fold');

/** A block from the below-the-fold chunk, in a Suspense boundary of its own so each hydrates on its own. */
function belowTheFold<Name extends keyof BelowTheFold>(name: Name) {
  type Props = Parameters<BelowTheFold[Name]>[0];
  const Block: ComponentType<Props> = lazy(() =>
    import('./below-the-fold').then((blocks) => ({ default: blocks[name] as ComponentType<Props> })),
  );
  function LazyBlock(props: Props) {
    return (
      <Suspense fallback={null}>
        <Block {...props} />
      </Suspense>
    );
  }
  return LazyBlock;
}

/** What each block renders from: its content with references and images resolved. */
export type LandingBlockProps = {
  hero: HeroBlockProps;
  services: ServicesBlockProps;
  plans: PlansBlockProps;
  testimonials: TestimonialsBlockProps;
  stats: StatsBlockProps;
  reasons: ReasonsBlockProps;
  text: TextBlockProps;
  faq: FaqBlockProps;
  cta: CtaBlockProps;
  form: FormBlockProps;
};

export const landingBlockComponents: {
  [Type in LandingBlockType]: ComponentType<LandingBlockProps[Type] & SectionKey>;
} = {
  hero: HeroBlock,
  services: belowTheFold('ServicesBlock'),
  plans: belowTheFold('PlansBlock'),
  testimonials: belowTheFold('TestimonialsBlock'),
  stats: belowTheFold('StatsBlock'),
  reasons: belowTheFold('ReasonsBlock'),
  text: belowTheFold('TextBlock'),
  faq: belowTheFold('FaqBlock'),
  cta: belowTheFold('CtaBlock'),
  form: FormBlock,
};

/** One section ready to render: its block type and that block's props. */
export type ResolvedSection = {
  [Type in LandingBlockType]: { type: Type } & LandingBlockProps[Type];
}[LandingBlockType];

/** One section, rendered by its block's component; `sectionKey` is unique on the page. */
export function LandingBlock({ section, sectionKey }: { section: ResolvedSection; sectionKey: string }) {
  // TypeScript cannot follow that the component picked by `type` takes that type's props.
  const Block = landingBlockComponents[section.type] as ComponentType<ResolvedSection & SectionKey>;
  return <Block {...section} sectionKey={sectionKey} />;
}

/** A page's sections in their order. */
export function LandingSections({ sections }: { sections: readonly ResolvedSection[] }) {
  return (
    <>
      {sections.map((section, index) => (
        <LandingBlock key={index} section={section} sectionKey={`section-${index + 1}`} />
      ))}
    </>
  );
}
