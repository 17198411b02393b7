/** @jest-environment node */
import { buildSchema } from 'graphql';
import { z } from 'zod';
import { nodeTypeDefs } from '../../src/content-model/graphql';
import { contentSources } from '../../src/content-model/registry';
import * as schemas from '../../src/content-model/schemas';

const gatsbyBuiltins = `
  directive @dontInfer on OBJECT
  interface Node { id: ID! }
  scalar JSON
`;

describe('GraphQL types derived from the content schemas', () => {
  it('form one valid schema for every content file', () => {
    const typeDefs = contentSources.map((source) => nodeTypeDefs(source.typeName, source.schema)).join('\n');
    expect(() => buildSchema(gatsbyBuiltins + typeDefs)).not.toThrow();
  });

  it('make required fields non-null, lists of non-null items, and optional fields nullable', () => {
    const plan = nodeTypeDefs('PlansJson', schemas.plan);
    expect(plan).toContain('type PlansJson implements Node @dontInfer {');
    expect(plan).toContain('  features: [String!]!');
    expect(plan).toContain('  order: Int!');
    expect(plan).toContain('  mostPopular: Boolean!');
    const legal = nodeTypeDefs('LegalPage', schemas.legalFrontmatter);
    expect(legal).toContain('  updated: String\n');
    expect(legal).toContain('  title: String!');
  });

  it('give nested objects their own types named after their path', () => {
    const home = nodeTypeDefs('HomeJson', schemas.home);
    expect(home).toContain('  hero: HomeJsonHero!');
    expect(home).toContain('type HomeJsonHero @dontInfer {');
    expect(home).toContain('  primaryCta: HomeJsonHeroPrimaryCta!');
    expect(home).toContain('  reasons: [HomeJsonWhyChooseUsReasons!]!');
  });

  it('refuse a schema type that has no GraphQL equivalent, rather than guess', () => {
    expect(() => nodeTypeDefs('Broken', z.object({ when: z.date() }))).toThrow(
      'BrokenWhen: no GraphQL type for zod ZodDate',
    );
  });
});
