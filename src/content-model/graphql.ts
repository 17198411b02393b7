// Derives GraphQL type definitions from the zod content schemas. Required fields become non-null (`!`),
// lists are lists of non-null items, nested objects become their own types named after their path.
import { z, type ZodType } from 'zod';
import { unwrap } from './zod-helpers';

const sharedTypeNames = new WeakMap<ZodType, string>();

/**
 * Gives an object schema used in several places one GraphQL type of its own (e.g. `Link`, `PageMeta`), so
 * queries can share fragments and components can share prop types. Other nested objects get a type named
 * after their path.
 */
export function sharedType<T extends ZodType>(name: string, schema: T): T {
  sharedTypeNames.set(schema, name);
  return schema;
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function scalarFor(schema: ZodType): string | undefined {
  if (schema instanceof z.ZodString || schema instanceof z.ZodEnum) return 'String';
  if (schema instanceof z.ZodBoolean) return 'Boolean';
  if (schema instanceof z.ZodNumber) return schema.isInt ? 'Int' : 'Float';
  return undefined;
}

/**
 * Type definitions for `schema` as a node type called `typeName`, plus one type per nested object.
 * `extraFields` are added verbatim (e.g. links to other nodes).
 */
export function nodeTypeDefs(
  typeName: string,
  schema: ZodType,
  extraFields: string[] = [],
  options: { textDirective?: string; emitted?: Set<string> } = {},
): string {
  const definitions: string[] = [];
  // Shared types are defined once across all the calls that pass the same set.
  const emitted = options.emitted ?? new Set<string>();
  // Added to every text field (and list of texts), e.g. to fill in placeholders.
  const textSuffix = options.textDirective ? ` @${options.textDirective}` : '';
  const isText = (type: string) => type === 'String' || type === '[String!]';

  function typeOf(field: ZodType, path: string): string {
    const scalar = scalarFor(field);
    if (scalar) return scalar;
    if (field instanceof z.ZodArray) {
      const item = unwrap(field.element as ZodType);
      return `[${typeOf(item.type, path)}!]`;
    }
    if (field instanceof z.ZodObject) {
      const shared = sharedTypeNames.get(field);
      if (shared && emitted.has(shared)) return shared;
      if (shared) emitted.add(shared);
      objectType(shared ?? path, field, []);
      return shared ?? path;
    }
    throw new Error(`${path}: no GraphQL type for zod ${field.constructor.name}`);
  }

  function objectType(name: string, object: z.ZodObject<z.ZodRawShape>, extra: string[], isNode = false): void {
    const lines = Object.entries(object.shape).map(([key, value]) => {
      const field = unwrap(value as ZodType);
      const type = typeOf(field.type, name + pascal(key));
      return `  ${key}: ${type}${field.optional ? '' : '!'}${isText(type) ? textSuffix : ''}`;
    });
    const header = isNode ? `type ${name} implements Node @dontInfer` : `type ${name} @dontInfer`;
    definitions.push(`${header} {\n${[...lines, ...extra.map((line) => `  ${line}`)].join('\n')}\n}`);
  }

  const root = unwrap(schema).type;
  if (!(root instanceof z.ZodObject)) throw new Error(`${typeName}: content schemas must be objects`);
  objectType(typeName, root, extraFields, true);
  return definitions.reverse().join('\n\n');
}
