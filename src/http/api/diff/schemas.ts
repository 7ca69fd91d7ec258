import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** JSON shape of GET /api/v1/events/<id>/diff (diff/routes.ts, domain/event-diff.ts). */

const closed = { additionalProperties: false } as const;
const HeaderPair = Type.Unsafe<[string, string]>({ $ref: 'HeaderPair#' });

function changed(description: string) {
  return Type.Union([Type.Object({ from: Type.String(), to: Type.String() }, closed), Type.Null()], { description });
}

function pairsDiff(what: string, names: string) {
  return Type.Object(
    {
      added: Type.Array(HeaderPair, { description: `${what} whose name only the second event has, in its order.` }),
      removed: Type.Array(HeaderPair, { description: `${what} whose name only the first event has, in its order.` }),
      changed: Type.Array(
        Type.Object(
          {
            name: Type.String(),
            from: Type.Array(Type.String(), { description: 'Every value of the name in the first event, in order.' }),
            to: Type.Array(Type.String(), { description: 'Every value of the name in the second event, in order.' }),
          },
          closed,
        ),
        { description: `Names both events have with different values (or another count or order of them). ${names}` },
      ),
    },
    closed,
  );
}

export const JsonPatchOperationSchema = Type.Union(
  [
    Type.Object({ op: Type.Literal('add'), path: Type.String(), value: Type.Unknown() }, closed),
    Type.Object({ op: Type.Literal('remove'), path: Type.String(), from: Type.Unknown() }, closed),
    Type.Object(
      { op: Type.Literal('replace'), path: Type.String(), from: Type.Unknown(), value: Type.Unknown() },
      closed,
    ),
  ],
  {
    $id: 'JsonPatchOperation',
    description:
      'One RFC 6902 operation; `path` is a JSON Pointer (RFC 6901). `from` carries the value before the change ' +
      '(for `remove` and `replace`); RFC 6902 tools ignore it. Numbers are written exactly as captured.',
  },
);

const BodyDiffSchema = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Literal('json'),
        bytesEqual: Type.Boolean(),
        operations: Type.Array(Type.Unsafe({ $ref: 'JsonPatchOperation#' }), {
          description:
            'Applied in order to the first body, they give the second. Objects compared by key, arrays by index ' +
            '(extra elements are added, or removed from the end backwards).',
        }),
      },
      closed,
    ),
    Type.Object(
      {
        kind: Type.Literal('text'),
        bytesEqual: Type.Boolean(),
        changes: Type.Array(
          Type.Object(
            {
              type: Type.Union([Type.Literal('same'), Type.Literal('added'), Type.Literal('removed')]),
              text: Type.String({ description: 'Whole lines, each with its line break when it had one.' }),
            },
            closed,
          ),
          {
            description:
              'A line diff: the first body is the `same` and `removed` parts, the second `same` and `added`.',
          },
        ),
      },
      closed,
    ),
    Type.Object(
      {
        kind: Type.Literal('binary'),
        bytesEqual: Type.Boolean(),
        sizes: Type.Object({ from: Type.Integer(), to: Type.Integer() }, closed),
        reason: Type.Union([Type.Literal('binary'), Type.Literal('too-large')], {
          description:
            '`binary`: a body is not UTF-8 text; `too-large`: a body is over 2 MiB, or the line diff needs more ' +
            'than 5,000 edits.',
        }),
      },
      closed,
    ),
  ],
  {
    description:
      '`json` when both bodies are JSON, `text` when both are UTF-8 text (an empty body counts as text), else `binary`.',
  },
);

export const EventDiffSchema = Type.Object(
  {
    from: Type.String({ description: 'The first event: the one in the path.' }),
    to: Type.String({ description: 'The second event: `against`.' }),
    method: changed('The methods, when they differ; else null.'),
    path: changed("The paths below each event's inbox (`/stripe` of `/i/<id>/stripe`), when they differ; else null."),
    query: pairsDiff('Query parameters (decoded)', 'Names compared exactly (query names are case-sensitive).'),
    headers: pairsDiff(
      'Headers',
      'Names compared case-insensitively, shown as the second event spells them. Redacted values compare equal.',
    ),
    body: BodyDiffSchema,
  },
  { $id: 'EventDiff', ...closed },
);
export type EventDiffJson = Static<typeof EventDiffSchema>;

export const DIFF_SCHEMAS: readonly TSchema[] = [JsonPatchOperationSchema, EventDiffSchema];
