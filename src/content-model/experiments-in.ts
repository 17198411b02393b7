// The experiments a content entry holds: every section with an `experiment` field (a landing page's hero or call to
// action, the home page's hero), found by the schema that made the field (experimentOf), wherever it sits. The
// content check reads them for its rules across sections and pages, the editor's save to end one.
import { z, type ZodType } from 'zod';
import { isExperiment } from './experiment-schema';
import { unionOption, unwrap } from './zod-helpers';

export type FoundExperiment = {
  /** The keys of the section holding the experiment (list positions from 0): `['sections', 0]`, `['hero']`. */
  path: (string | number)[];
  /** The section, its `experiment` included. */
  section: Record<string, unknown>;
  /** The key of the experiment in the section, and its schema. */
  key: string;
  schema: ZodType;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

function walk(schema: ZodType, value: unknown, at: (string | number)[]): FoundExperiment[] {
  const type = unwrap(schema).type;
  const option = unionOption(type, value);
  if (option) return walk(option, value, at);
  if (type instanceof z.ZodArray && Array.isArray(value)) {
    return value.flatMap((item, index) => walk(type.element as ZodType, item, [...at, index]));
  }
  if (!(type instanceof z.ZodObject) || !isRecord(value)) return [];
  return Object.entries(type.shape as Record<string, ZodType>).flatMap(([key, inner]): FoundExperiment[] => {
    if (!isExperiment(inner)) return walk(inner, value[key], [...at, key]);
    return isRecord(value[key]) ? [{ path: at, section: value, key, schema: inner }] : [];
  });
}

/** Every section of `value` (content satisfying `schema`, or on its way to it in the editor) with an experiment. */
export const experimentsIn = (schema: ZodType, value: unknown): FoundExperiment[] => walk(schema, value, []);
