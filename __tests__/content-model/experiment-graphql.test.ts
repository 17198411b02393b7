/** @jest-environment node */
// The GraphQL types of experiments, derived from the schemas as every content type's are: a page queries a
// section's experiment, and each variant's fields the same way as the section's own (null where a variant keeps
// the original's), its buttons as links and its picture as the File the image pipeline processes.
import { buildSchema, parse, validate } from 'graphql';
import { nodeTypeDefs, type UnionDef } from '../../src/content-model/graphql';
import { contentSources } from '../../src/content-model/registry';

// What Gatsby adds: the directives, the Node interface, and the File an image's `file` resolves to (gatsby-node).
const gatsbyBuiltins = `
  directive @dontInfer on OBJECT
  directive @siteTokens on FIELD_DEFINITION
  directive @link(by: String) on FIELD_DEFINITION
  interface Node { id: ID! }
  scalar JSON
  type File implements Node { id: ID!, relativePath: String! }
  type Query { landingPage: LandingPage, homeJson: HomeJson }
`;

const unions: UnionDef[] = [];
const emitted = new Set<string>();
const typeDefs = contentSources
  .map((source) => nodeTypeDefs(source.typeName, source.schema, [], { textDirective: 'siteTokens', emitted, unions }))
  .join('\n\n');
const schema = buildSchema(
  [
    gatsbyBuiltins,
    typeDefs,
    ...unions.map(({ name, members }) => `union ${name} = ${Object.values(members).join(' | ')}`),
    'extend type Image { file: File! }',
  ].join('\n'),
  // Gatsby gives each node its `id`; the types here leave it out, so the schema is taken as Gatsby completes it.
  { assumeValid: true },
);

/** The type `name`'s definition as derived, one field a line. */
const typeDef = (name: string) => new RegExp(`type ${name} @dontInfer \\{\\n[^}]*\\n\\}`).exec(typeDefs)?.[0];

describe('the GraphQL types of an experiment', () => {
  it.each([
    ['LandingHero', 'LandingHeroExperiment'],
    ['LandingCta', 'LandingCtaExperiment'],
    ['HomeJsonHero', 'HomeJsonHeroExperiment'],
  ])('give %s an optional experiment of its own type', (section, experiment) => {
    expect(typeDef(section)).toContain(`  experiment: ${experiment}\n`);
    expect(typeDef(experiment)).toBe(
      [
        `type ${experiment} @dontInfer {`,
        '  id: String! @siteTokens',
        '  name: String! @siteTokens',
        '  startedAt: String @siteTokens',
        `  variants: [${experiment}Variants!]!`,
        '}',
      ].join('\n'),
    );
  });

  it("give a variant its name, a whole-number share, and every one of its section's fields, each nullable", () => {
    expect(typeDef('LandingHeroExperimentVariants')).toBe(
      [
        'type LandingHeroExperimentVariants @dontInfer {',
        '  name: String! @siteTokens',
        '  share: Int!',
        '  eyebrow: String @siteTokens',
        '  title: String @siteTokens',
        '  text: String @siteTokens',
        '  primaryCta: Link',
        '  secondaryCta: Link',
        '  image: Image',
        '}',
      ].join('\n'),
    );
    expect(typeDef('LandingCtaExperimentVariants')).toContain('  primaryCta: Link\n  secondaryCta: Link\n}');
    expect(typeDef('HomeJsonHeroExperimentVariants')).toContain('  highlights: [String!] @siteTokens\n');
  });

  it('answer the queries the pages make, a variant’s picture as the File the section’s own is', () => {
    const query = parse(`
      fragment Picture on Image { src alt decorative file { relativePath } }
      fragment Button on Link { label to }
      {
        landingPage {
          sections {
            ... on LandingHero {
              title image { ...Picture }
              experiment {
                id name startedAt
                variants { name share eyebrow title text primaryCta { ...Button } secondaryCta { ...Button } image { ...Picture } }
              }
            }
            ... on LandingCta {
              experiment { id name startedAt variants { name share title text primaryCta { ...Button } } }
            }
          }
        }
        homeJson {
          hero { experiment { id name startedAt variants { name share title subtitle highlights image { ...Picture } } } }
        }
      }
    `);
    expect(validate(schema, query)).toEqual([]);
    const otherSection = parse(
      '{ landingPage { sections { ... on LandingCta { experiment { variants { image { src } } } } } } }',
    );
    expect(validate(schema, otherSection).map((error) => error.message)).toEqual([
      expect.stringMatching(/^Cannot query field "image" on type "LandingCtaExperimentVariants"/),
    ]);
  });
});
