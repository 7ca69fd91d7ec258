import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** JSON shapes of the export routes (GET /api/v1/events/<id>/curl, GET /api/v1/inboxes/<id>/export). */

export const CurlCommandSchema = Type.Object(
  {
    command: Type.String({
      description:
        'A POSIX shell command (sh, dash, bash, zsh) that sends the captured request again, byte for byte: ' +
        'method, path and raw query, headers in order with duplicates, the exact body (binary bodies through ' +
        '`printf` octal escapes). Host, Content-Length, Transfer-Encoding and Connection are left to curl.',
    }),
    url: Type.String({
      description: 'Where the command sends: the public ingest origin plus the captured path and query.',
    }),
    omittedHeaders: Type.Array(Type.String(), {
      description:
        'Names of the captured headers left out because their values were redacted at capture (Authorization, Cookie).',
    }),
  },
  { $id: 'CurlCommand', additionalProperties: false },
);
export type CurlCommandJson = Static<typeof CurlCommandSchema>;

const NameValue = Type.Object({ name: Type.String(), value: Type.String() });

/**
 * The outline of a HAR 1.2 document (the export streams it, so the suites do not check it here;
 * test/integration/api/export.test.ts validates real exports against the full HAR 1.2 structure).
 */
export const HarDocumentSchema = Type.Object(
  {
    log: Type.Object({
      version: Type.Literal('1.2'),
      creator: Type.Object({ name: Type.String(), version: Type.String() }),
      pages: Type.Array(Type.Unknown()),
      comment: Type.Optional(Type.String()),
      entries: Type.Array(
        Type.Object({
          startedDateTime: Type.String({ format: 'date-time' }),
          time: Type.Number(),
          request: Type.Object({
            method: Type.String(),
            url: Type.String(),
            httpVersion: Type.String(),
            headers: Type.Array(NameValue),
            queryString: Type.Array(NameValue),
            postData: Type.Optional(
              Type.Object({
                mimeType: Type.String(),
                text: Type.String(),
                encoding: Type.Optional(Type.Literal('base64')),
              }),
            ),
            bodySize: Type.Integer(),
          }),
          response: Type.Object({ status: Type.Integer() }),
        }),
      ),
    }),
  },
  { $id: 'HarDocument', description: 'A HAR 1.2 document (http://www.softwareishard.com/blog/har-12-spec/).' },
);

export const EXPORT_SCHEMAS: readonly TSchema[] = [CurlCommandSchema, HarDocumentSchema];
