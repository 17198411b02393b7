// The sections of a landing page that runs an experiment, for its template (src/templates/landing-page-experiment.tsx)
// only: the originals (./from-query.ts) with their experiments, each variant through its section's own adapter.
import { experimentFromQuery } from '../../insights/experiments/from-query';
import { queriedImage } from '../ui/content-image';
import type { ResolvedSection } from './blocks';
import type { CtaContent } from './CtaBlock';
import { optional, sectionsFromQuery, type Fragments, type PageData } from './from-query';
import type { HeroContent } from './HeroBlock';

/** A variant of a section in the query result: any of the section's fields, null where it keeps the original's. */
type QueriedVariant<Section, Field extends keyof Section> = { readonly [Key in Field]?: Section[Key] | null };

type HeroVariant = QueriedVariant<Fragments['hero'], keyof HeroContent>;
type CtaVariant = QueriedVariant<Fragments['cta'], keyof CtaContent>;

/** What a variant changes, as the block takes it, for each type of section that may run an experiment. */
const variantAdapters = {
  hero: ({ eyebrow, title, text, primaryCta, secondaryCta, image }: HeroVariant): Partial<HeroContent> => ({
    eyebrow: optional(eyebrow),
    title: optional(title),
    text: optional(text),
    primaryCta: optional(primaryCta),
    secondaryCta: optional(secondaryCta),
    image: queriedImage(image),
  }),
  cta: ({ title, text, primaryCta, secondaryCta }: CtaVariant): Partial<CtaContent> => ({
    title: optional(title),
    text: optional(text),
    primaryCta: optional(primaryCta),
    secondaryCta: optional(secondaryCta),
  }),
};

/** The page's sections as the blocks render them, with the experiments they run. */
export function sectionsWithExperimentsFromQuery(page: PageData): ResolvedSection[] {
  const queried = page.landingPage!.sections;
  return sectionsFromQuery(page).map((section, index) => {
    if (section.type !== 'hero' && section.type !== 'cta') return section;
    const adapt = variantAdapters[section.type] as (variant: unknown) => Partial<HeroContent & CtaContent>;
    const experiment = experimentFromQuery(queried[index] as Parameters<typeof experimentFromQuery>[0], adapt);
    return experiment ? ({ ...section, experiment } as ResolvedSection) : section;
  });
}
