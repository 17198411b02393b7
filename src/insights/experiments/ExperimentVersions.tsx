// The rendering of every version of a section, for a page that runs an experiment (its template wraps the page in
// ExperimentVersions). A section without a running experiment is the original alone, as elsewhere. While one runs,
// the static HTML holds every version, each in a wrapper that adds no box (./version-styles.ts), and the visit's
// version is picked before the first paint by <html>'s attribute, not by React: the others are display: none, so
// neither the keyboard nor a screen reader reaches them. `render` gets each version's index so that ids inside it
// stay unique on the page.
import type { ReactNode } from 'react';
import { experimentShares, isRunning, sectionForVariant } from '../../content-model/experiment-versions';
import { SectionVersionsContext, type VersionsRenderer } from './section-versions';

const everyVersion: VersionsRenderer = (section, render) => {
  if (!isRunning(section.experiment)) return render(sectionForVariant(section, 0), 0);
  return experimentShares(section.experiment).map((_share, index) => (
    // data-variant: VERSION_ATTRIBUTE (./shown-variant.ts), which the static rules select.
    <div key={index} data-variant={index}>
      {render(sectionForVariant(section, index), index)}
    </div>
  ));
};

export function ExperimentVersions({ children }: { children: ReactNode }) {
  return <SectionVersionsContext.Provider value={everyVersion}>{children}</SectionVersionsContext.Provider>;
}
