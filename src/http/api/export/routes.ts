import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { curlCommand } from '../../../domain/curl-command.js';
import { eventFilterQuery } from '../../../domain/event-filter.js';
import { AppError } from '../../../errors.js';
import { getEvent } from '../../../services/events.js';
import { openInboxExport } from '../../../services/export.js';
import { packageVersion } from '../../../version.js';
import type { ApiContext } from '../core/context.js';
import { EventFilterQueryProperties, eventFilterOf } from '../events/filter-query.js';
import { CurlCommandSchema, HarDocumentSchema } from './schemas.js';
import { EXPORT_FORMATS, EXPORT_MEDIA_TYPES, exportStream, type ExportFormat } from './export-stream.js';
import { pathParam, principalOf, queryParam } from '../core/request.js';
import { dataEnvelope } from '../core/route-schema.js';
import { ref } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { READS_EVENT, READS_INBOX } from '../core/reads.js';

const CurlEnvelope = dataEnvelope('curl', ref(CurlCommandSchema));

/** The `q` of a media range in an Accept header (1 when absent, 0 when malformed). */
function quality(params: readonly string[]): number {
  const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
  if (q === undefined) return 1;
  const value = Number(q.slice(2));
  return Number.isFinite(value) ? value : 0;
}

/**
 * True when the Accept header prefers plain text to JSON: `text/plain` (or `text/*`) listed with
 * a higher quality than `application/json` (or `application/*`, or `*∕*` when JSON is not named).
 * Ties, browsers' defaults and no header at all get JSON, the API's default.
 */
export function prefersPlainText(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  let text = -1;
  let json = -1;
  let any = -1;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';');
    const media = type.trim().toLowerCase();
    const q = quality(params);
    if (media === 'text/plain' || media === 'text/*') text = Math.max(text, q);
    else if (media === 'application/json' || media === 'application/*') json = Math.max(json, q);
    else if (media === '*/*') any = Math.max(any, q);
  }
  if (text <= 0) return false;
  return text > (json >= 0 ? json : any);
}

function parseFormat(raw: string | undefined): ExportFormat {
  if (raw === undefined) return 'har';
  if ((EXPORT_FORMATS as readonly string[]).includes(raw)) return raw as ExportFormat;
  throw new AppError('VALIDATION_FAILED', {
    message: 'format must be har or ndjson',
    details: [{ path: '/format', message: 'must be har or ndjson' }],
  });
}

export function registerExportRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/events/:eventId/curl',
    operationId: 'getEventCurl',
    share: true,
    summary: 'A curl command that sends the captured request again, byte for byte',
    description:
      'The command targets the public ingest URL of the event (REHOOK_PUBLIC_INGEST_URL) and reproduces the ' +
      'method, path, raw query, headers (in order, duplicates kept) and exact body, binary bodies included. ' +
      'Redacted headers (Authorization, Cookie) are left out and named in `omittedHeaders`. With ' +
      '`Accept: text/plain` the answer is the command alone (plus a newline), ready for `| sh`.',
    ...READS_EVENT,
    responses: {
      200: {
        description: 'The command.',
        content: { 'application/json': CurlEnvelope, 'text/plain': Type.String() },
      },
    },
    errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND'],
    audit: 'none',
    handler: async (request, reply) => {
      const { event } = await getEvent(deps, await principalOf(deps, request), pathParam(request, 'eventId'));
      const curl = curlCommand(event, ctx.ingestOrigin());
      if (prefersPlainText(request.headers.accept)) {
        return reply.type('text/plain; charset=utf-8').send(`${curl.command}\n`);
      }
      return { data: { curl } };
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/export',
    operationId: 'exportInbox',
    share: true,
    summary: "Export an inbox's events as HAR 1.2 or NDJSON (streamed)",
    description:
      'Oldest first, up to the newest event stored when the export starts; the same filters as the event ' +
      'list. `format=har` (default): a HAR 1.2 document (browser dev tools, Insomnia, Postman), binary ' +
      'bodies base64 with `encoding`. `format=ndjson`: one event per line, each the `EventDetail` of ' +
      '`GET /api/v1/events/<id>`. Streamed as it is read, so any size fits; served as an attachment. An ' +
      'export cut off by an error (the inbox deleted meanwhile) ends without its closing bytes.',
    ...READS_INBOX,
    querystring: Type.Object({
      format: Type.Optional(
        Type.Union([Type.Literal('har'), Type.Literal('ndjson')], {
          default: 'har',
          description: 'Export format.',
        }),
      ),
      ...EventFilterQueryProperties,
    }),
    responses: {
      200: {
        description: 'The export, streamed.',
        content: { 'application/json': ref(HarDocumentSchema), 'application/x-ndjson': Type.String() },
      },
    },
    errors: ['VALIDATION_FAILED', 'INBOX_NOT_FOUND'],
    audit: 'none',
    handler: async (request, reply) => {
      const inboxId = pathParam(request, 'inboxId');
      const format = parseFormat(queryParam(request, 'format'));
      const filter = eventFilterOf(request, inboxId);
      const { inbox, events } = await openInboxExport(deps, await principalOf(deps, request), inboxId, { filter });
      void reply
        .type(EXPORT_MEDIA_TYPES[format])
        .header('content-disposition', `attachment; filename="rehook-${inbox.id}.${format}"`);
      // Fastify drains a stream answered to HEAD: the export is not even started.
      if (request.method === 'HEAD') {
        await events.return();
        return reply.send();
      }
      const query = new URLSearchParams(eventFilterQuery(filter)).toString();
      const comment = `Rehook inbox ${inbox.id}${query === '' ? '' : `, filter ${query}`}`;
      const creator = { name: 'Rehook', version: packageVersion() };
      return reply.send(exportStream(format, events, { origin: ctx.ingestOrigin(), creator, comment }));
    },
  });
}
