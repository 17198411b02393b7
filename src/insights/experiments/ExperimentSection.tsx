// A section of a page that may run an experiment (a landing page's hero or call to action, the home page's hero).
// Without a running one it is the original alone, as before. While one runs, the static HTML holds every version,
// each in a wrapper that adds no box (./version-styles.ts), and the visit's version is picked before the first
// paint by <html>'s attribute, not by React: the others are display: none, so neither the keyboard nor a screen
// reader reaches them. `render` gets each version's index so that ids inside it stay unique on the page.
import type { ReactNode } from 'react';
import type { ExperimentContent } from '../../content-model/experiment-versions';
import { experimentShares, isRunning, sectionForVariant } from './versions';

type Props<Section extends { experiment?: ExperimentContent | null }> = {
  section: Section;
  /** One version of the section: 0 the original, 1… the variants. */
  render: (version: Omit<Section, 'experiment'>, index: number) => ReactNode;
};

export function ExperimentSection<Section extends { experiment?: ExperimentContent | null }>({
  section,
  render,
}: Props<Section>) {
  if (!isRunning(section.experiment)) return <>{render(sectionForVariant(section, 0), 0)}</>;
  return (
    <>
      {experimentShares(section.experiment).map((_share, index) => (
        // data-variant: VERSION_ATTRIBUTE (./shown-variant.ts), which the static rules select.
        <div key={index} data-variant={index}>
          {render(sectionForVariant(section, index), index)}
        </div>
      ))}
    </>
  );
}

/** A version's own key for the ids inside it: the original keeps the section's, so its ids never change. */
export const versionKey = (key: string, index: number) => (index === 0 ? key : `${key}-variant-${index}`);
