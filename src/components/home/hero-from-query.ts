// The home page's hero as its page query returns it (./page-data.ts), as HomeHero takes it; with its experiment on
// the template of a home page that runs one (./hero-experiment-from-query.ts).
import { queriedImage } from '../ui/content-image';
import type { HomeHeroProps } from './HomeHero';

export type QueriedHero = NonNullable<Queries.HomePageDataFragment['homeJson']>['hero'];

/** Any of the hero's fields, null where a variant keeps the original's. */
type QueriedHeroFields = { readonly [Key in keyof QueriedHero & keyof HomeHeroProps]?: QueriedHero[Key] | null };

const given = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** What the hero, or one of its variants, sets. */
export function heroFields({
  eyebrow,
  title,
  subtitle,
  primaryCta,
  secondaryCta,
  highlights,
  image,
}: QueriedHeroFields) {
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

export function homeHeroFromQuery(hero: QueriedHero): HomeHeroProps {
  return {
    ...heroFields(hero),
    title: hero.title,
    subtitle: hero.subtitle,
    primaryCta: hero.primaryCta,
  };
}
