import Type, { type Static } from 'typebox'

/*
 * The JSON Schema of `npm run paths -- --format json` (and of the Flows page's JSON download):
 * one document, `{ machines: [{ machine, paths }] }`. docs/flows-paths.schema.json is this schema
 * as `npm run -s paths -- --schema` prints it; tests/unit/flows/formatJson.cli.test.ts holds the two
 * equal and validates the CLI's output against the file.
 */

const Text = (description: string) => Type.String({ description })
const Ids = (description: string) => Type.Array(Type.String(), { description })

const Start = Type.Object(
  {
    state: Text("The state the machine starts in ('credentials.editing')."),
    checkpoint: Text('The descriptions of the active states, outermost first.'),
    screen: Type.Optional(Text('What the screen shows, where the model says.')),
    active: Ids('Ids of the active state nodes, the root included.'),
  },
  { additionalProperties: false },
)

const Step = Type.Object(
  {
    index: Type.Integer({ minimum: 1, description: '1-based; the start is step 0.' }),
    action: Text('What happens, in words: the description of the transition the step took.'),
    trigger: Type.Union(
      [
        Type.Literal('person'),
        Type.Literal('answer'),
        Type.Literal('time'),
        Type.Literal('progress'),
      ],
      {
        description:
          "Who makes it happen: a person's action, an answer (the server's, or another actor's end), time passing, a child's progress.",
      },
    ),
    event: Text('The event as XState names it, for tools (never the text a person reads).'),
    state: Text('The state the machine is in afterwards.'),
    checkpoint: Text('The descriptions of the active states afterwards, outermost first.'),
    screen: Type.Optional(Text('What the screen shows afterwards, where the model says.')),
    taken: Ids('Keys of the transitions taken: `<source state id> <event type>#<index>`.'),
    active: Ids('Ids of the state nodes active afterwards.'),
  },
  { additionalProperties: false },
)

const Path = Type.Object(
  {
    id: Text('`<machine>-<n>`, stable for the same model and strategy.'),
    model: Text('The model the path belongs to (a machine may have several).'),
    machine: Text('The machine id.'),
    title: Text('What happens on the path, with its number of steps.'),
    start: Start,
    steps: Type.Array(Step),
  },
  { additionalProperties: false },
)

const Heading = Type.Object(
  {
    id: Text('The machine id, as the catalog lists it.'),
    description: Type.Optional(Text("The machine's description.")),
    strategy: Type.Union(
      [Type.Literal('cover'), Type.Literal('shortest'), Type.Literal('simple')],
      {
        description: 'How the paths were chosen (docs/flows.md).',
      },
    ),
  },
  { additionalProperties: false },
)

/** One document for any number of machines. */
export const PathsDocument = Type.Object(
  {
    machines: Type.Array(
      Type.Object({ machine: Heading, paths: Type.Array(Path) }, { additionalProperties: false }),
    ),
  },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Gatehouse statechart paths',
    description:
      'The paths of the console statecharts, as `npm run paths -- --format json` prints them (docs/flows.md).',
    additionalProperties: false,
  },
)

export type PathsDocument = Static<typeof PathsDocument>

/** The schema as the JSON file in docs/ holds it: its `$schema`, title and description first. */
export function pathsSchemaJson(): string {
  const { $schema, title, description, ...rest } = PathsDocument as unknown as Record<
    string,
    unknown
  >
  return `${JSON.stringify({ $schema, title, description, ...rest }, null, 2)}\n`
}
