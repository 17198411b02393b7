// How a section that may run an experiment (a landing page's hero or call to action, the home page's hero) renders:
// through SectionVersions, which shows the original alone unless the page provides the rendering of every version
// (./ExperimentVersions.tsx). Only a page that runs an experiment does: gatsby-node gives it the template that
// provides it (src/build/page-templates.ts), so every other page's bundle holds none of the experiments' code.
import { createContext, useContext, type ReactNode } from 'react';
import type { ExperimentContent } from '../../content-model/experiment-versions';

/** An experiment whose variants name the section's fields as its component takes them (`Fields`). */
export type SectionExperiment<Fields> = Omit<ExperimentContent, 'variants'> & {
  variants: ({ name: string; share: number } & Partial<Fields>)[];
};

/** A section's content as its component takes it, with the experiment it may run. */
export type WithExperiment<Fields> = Fields & { experiment?: SectionExperiment<Fields> };

type Section = { experiment?: ExperimentContent | null };

/** One version of the section: 0 the original, 1… the variants. */
export type RenderVersion<Of extends Section> = (version: Omit<Of, 'experiment'>, index: number) => ReactNode;

export type VersionsRenderer = <Of extends Section>(section: Of, render: RenderVersion<Of>) => ReactNode;

const originalOnly: VersionsRenderer = ({ experiment: _experiment, ...original }, render) => render(original, 0);

export const SectionVersionsContext = createContext<VersionsRenderer>(originalOnly);

/** The section as the page shows it: the original, or every version on a page that runs an experiment. */
export function SectionVersions<Of extends Section>({ section, render }: { section: Of; render: RenderVersion<Of> }) {
  return <>{useContext(SectionVersionsContext)(section, render)}</>;
}

/** A version's own key for the ids inside it: the original keeps the section's, so its ids never change. */
export const versionKey = (key: string, index: number) => (index === 0 ? key : `${key}-variant-${index}`);
