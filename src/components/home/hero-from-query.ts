// The home page's hero as its page query returns it (src/pages/index.tsx), with its experiment, as HomeHero takes it.
import { queriedImage } from '../ui/content-image';
import { experimentFromQuery } from '../../insights/experiments/from-query';
import type { WithExperiment } from '../../insights/experiments/versions';
import type { HomeHeroProps } from './HomeHero';

type QueriedHero = NonNullable<Queries.HomePageQuery['homeJson']>['hero'];

/** Any of the hero's fields, null where a variant keeps the original's. */
type QueriedHeroFields = { readonly [Key in keyof QueriedHero & keyof HomeHeroProps]?: QueriedHero[Key] | null };

const given = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** What the hero, or one of its variants, sets. */
function heroFields({ eyebrow, title, subtitle, primaryCta, secondaryCta, highlights, image }: QueriedHeroFields) {
  return {
    eyebrow: given(eyebrow),
    title: given(title),
    subtitle: given(subtitle),
    primaryCta: given(primaryCta),
    secondaryCta: given(secondaryCta),
    highlights: given(highlights),
    image: queriedImage(image),
  };
}

export function homeHeroFromQuery(hero: QueriedHero): WithExperiment<HomeHeroProps> {
  return {
    ...heroFields(hero),
    title: hero.title,
    subtitle: hero.subtitle,
    primaryCta: hero.primaryCta,
    experiment: experimentFromQuery(hero, heroFields),
  };
}
