// Derives GraphQL type definitions from the zod content schemas. Required fields become non-null (`!`),
// lists are lists of non-null items, nested objects become their own types named after their path.
import { z, type ZodType } from 'zod';
import { unwrap } from './zod-helpers';
import { fieldKind, referenceTargets } from './field-kinds';

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

/**
 * The field a node's own `id` (a plan's, a testimonial's) is found under: gatsby-transformer-json keeps an
 * item's `id` as `jsonId`, since `id` is the node's own, generated identifier.
 */
const graphqlField = (key: string) => (key === 'id' ? 'jsonId' : key);

/** A GraphQL union derived from a discriminated union: each member type and the tag value that selects it. */
export type UnionDef = { name: string; discriminator: string; members: Record<string, string> };

/** The reference mark of a field or of the items of a list field. */
function referenceOf(schema: ZodType) {
  const item = schema instanceof z.ZodArray ? (schema.element as ZodType) : schema;
  const kind = fieldKind(item);
  return kind?.kind === 'reference' ? kind : undefined;
}

function scalarFor(schema: ZodType): string | undefined {
  // A string of a format (an experiment's `startedAt`, z.iso.datetime) is no ZodString in zod 4, but text all the same.
  if (
    schema instanceof z.ZodString ||
    schema instanceof z.ZodStringFormat ||
    schema instanceof z.ZodEnum ||
    schema instanceof z.ZodLiteral
  )
    return 'String';
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
  /** `unions` collects the unions met (built by the caller with a resolveType, which SDL cannot carry). */
  options: { textDirective?: string; emitted?: Set<string>; unions?: UnionDef[] } = {},
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
    if (field instanceof z.ZodDiscriminatedUnion) return unionType(field, path);
    if (field instanceof z.ZodObject) {
      const shared = sharedTypeNames.get(field);
      if (shared && emitted.has(shared)) return shared;
      if (shared) emitted.add(shared);
      objectType(shared ?? path, field, []);
      return shared ?? path;
    }
    throw new Error(`${path}: no GraphQL type for zod ${field.constructor.name}`);
  }

  function unionType(union: z.ZodDiscriminatedUnion, path: string): string {
    const name = sharedTypeNames.get(union);
    if (!name) throw new Error(`${path}: a union of blocks needs a sharedType name`);
    if (emitted.has(name)) return name;
    emitted.add(name);
    const discriminator = (union._zod.def as { discriminator: string }).discriminator;
    const members: Record<string, string> = {};
    for (const option of union.options as z.ZodObject[]) {
      const member = sharedTypeNames.get(option);
      if (!member) throw new Error(`${path}: every block of ${name} needs a sharedType name`);
      members[String((option.shape[discriminator] as z.ZodLiteral).value)] = typeOf(option, member);
    }
    options.unions?.push({ name, discriminator, members });
    return name;
  }

  function objectType(name: string, object: z.ZodObject<z.ZodRawShape>, extra: string[], isNode = false): void {
    const lines = Object.entries(object.shape).map(([key, value]) => {
      const field = unwrap(value as ZodType);
      const reference = referenceOf(field.type);
      if (reference) {
        // The items named, as their nodes: a page queries the services it shows, not their file names.
        const type = field.type instanceof z.ZodArray ? `[${reference.to}!]` : reference.to;
        return `  ${key}: ${type}${field.optional ? '' : '!'} @link(by: "${graphqlField(referenceTargets[reference.to].key)}")`;
      }
      const type = typeOf(field.type, name + pascal(key));
      return `  ${isNode ? graphqlField(key) : key}: ${type}${field.optional ? '' : '!'}${isText(type) ? textSuffix : ''}`;
    });
    const header = isNode ? `type ${name} implements Node @dontInfer` : `type ${name} @dontInfer`;
    definitions.push(`${header} {\n${[...lines, ...extra.map((line) => `  ${line}`)].join('\n')}\n}`);
  }

  const root = unwrap(schema).type;
  if (!(root instanceof z.ZodObject)) throw new Error(`${typeName}: content schemas must be objects`);
  objectType(typeName, root, extraFields, true);
  return definitions.reverse().join('\n\n');
}
