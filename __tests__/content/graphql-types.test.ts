/** @jest-environment node */
import { buildSchema } from 'graphql';
import { z } from 'zod';
import { nodeTypeDefs, type UnionDef } from '../../src/content-model/graphql';
import { landingBlocks, landingPage } from '../../src/content-model/landing-schema';
import { contentSources } from '../../src/content-model/registry';
import * as schemas from '../../src/content-model/schemas';

const gatsbyBuiltins = `
  directive @dontInfer on OBJECT
  directive @siteTokens on FIELD_DEFINITION
  directive @link(by: String) on FIELD_DEFINITION
  interface Node { id: ID! }
  scalar JSON
`;

describe('GraphQL types derived from the content schemas', () => {
  it('form one valid schema for every content file', () => {
    const emitted = new Set<string>();
    const unions: UnionDef[] = [];
    const typeDefs = contentSources
      .map((source) =>
        nodeTypeDefs(source.typeName, source.schema, [], { textDirective: 'siteTokens', emitted, unions }),
      )
      .join('\n');
    // gatsby-node builds the unions with a resolveType; here their SDL stands in for them.
    const unionDefs = unions.map(({ name, members }) => `union ${name} = ${Object.values(members).join(' | ')}`);
    expect(() => buildSchema([gatsbyBuiltins, typeDefs, ...unionDefs].join('\n'))).not.toThrow();
  });

  it("make a landing page's sections a union with one typed member per block, and references links to nodes", () => {
    const unions: UnionDef[] = [];
    const page = nodeTypeDefs('LandingPage', landingPage, [], { unions });
    expect(page).toContain('  sections: [LandingSection!]!');
    expect(unions).toEqual([
      {
        name: 'LandingSection',
        discriminator: 'type',
        members: Object.fromEntries(landingBlocks.map((block) => [block.shape.type.value, expect.any(String)])),
      },
    ]);
    expect(unions[0].members.hero).toBe('LandingHero');
    expect(page).toContain('type LandingHero @dontInfer {');
    expect(page).toContain('  image: Image\n');
    expect(page).toContain('  services: [Service!]! @link(by: "slug")');
    // A plan's or testimonial's own id is its node's `jsonId` (gatsby-transformer-json); `id` is the node's.
    expect(page).toContain('  plans: [PlansJson!]! @link(by: "jsonId")');
    expect(page).toContain('  testimonials: [TestimonialsJson!]! @link(by: "jsonId")');
  });

  it('make required fields non-null, lists of non-null items, and optional fields nullable', () => {
    const plan = nodeTypeDefs('PlansJson', schemas.plan);
    expect(plan).toContain('type PlansJson implements Node @dontInfer {');
    expect(plan).toContain('  jsonId: String!');
    expect(plan).toContain('  features: [String!]!');
    expect(plan).toContain('  order: Int!');
    expect(plan).toContain('  mostPopular: Boolean!');
    const legal = nodeTypeDefs('LegalPage', schemas.legalFrontmatter);
    expect(legal).toContain('  updated: String\n');
    expect(legal).toContain('  title: String!');
  });

  it('give nested objects their own types named after their path, and shared objects one shared type', () => {
    const emitted = new Set<string>();
    const home = nodeTypeDefs('HomeJson', schemas.home, [], { emitted });
    expect(home).toContain('  hero: HomeJsonHero!');
    expect(home).toContain('type HomeJsonHero @dontInfer {');
    expect(home).toContain('  primaryCta: Link!');
    expect(home).toContain('  meta: PageMeta!');
    expect(home).toContain('type Link @dontInfer {');
    expect(home).toContain('  reasons: [TitledText!]!');
    const pricing = nodeTypeDefs('PricingPageJson', schemas.pricingPage, [], { emitted });
    expect(pricing).toContain('  quoteCta: Link!');
    expect(pricing).not.toContain('type Link ');
  });

  it('mark every text field with the directive that fills in site placeholders', () => {
    const plan = nodeTypeDefs('PlansJson', schemas.plan, [], { textDirective: 'siteTokens' });
    expect(plan).toContain('  name: String! @siteTokens');
    expect(plan).toContain('  features: [String!]! @siteTokens');
    expect(plan).toContain('  order: Int!\n');
  });

  it('refuse a schema type that has no GraphQL equivalent, rather than guess', () => {
    expect(() => nodeTypeDefs('Broken', z.object({ when: z.date() }))).toThrow(
      'BrokenWhen: no GraphQL type for zod ZodDate',
    );
  });
});
