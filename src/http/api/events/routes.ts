import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.js';
import {
  clearInbox,
  DEFAULT_PAGE_SIZE,
  deleteEvent,
  getEvent,
  listEvents,
  MAX_PAGE_SIZE,
} from '../../../services/events.js';
import { eventFilterQuery, isEmptyFilter } from '../../../domain/event-filter.js';
import { eventSummaryPageJson } from '../../../domain/event-json.js';
import { listDriftedEvents } from '../../../services/event-types.js';
import type { ApiContext } from '../core/context.js';
import { EventFilterQueryProperties, eventFilterOf } from './filter-query.js';
import { eventJson, eventMetaJson } from '../core/present.js';
import { pageLimit, pathParam, principalOf, queryParam } from '../core/request.js';
import { dataEnvelope, EventIdParams, InboxIdParams } from '../core/route-schema.js';
import { EventDetailSchema, EventMetaSchema, EventSummarySchema, ref } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { inboxTarget } from '../core/audit-trail.js';
import { READS_EVENT, READS_INBOX } from '../core/reads.js';
import { removed } from '../core/path-id-answers.js';

/** `{"data":{"event": <full event>}}`: the answer of GET /api/v1/events/:eventId (and the long-poll). */
export const EventEnvelope = dataEnvelope('event', ref(EventDetailSchema));

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

function parseLimit(raw: string | undefined): number {
  return pageLimit(raw, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
}

/** A content type safe to echo back: a plain `type/subtype` with parameters, else octet-stream. */
function safeContentType(value: string | null): string {
  if (value && /^[\x20-\x7e]{1,255}$/.test(value) && /^[\w.+-]+\/[\w.+-]+/.test(value)) return value;
  return 'application/octet-stream';
}

/** The page of `?drift=true`: the drifted events, newest first, with the same Link paging. */
async function sendDriftedPage(
  deps: ApiContext['deps'],
  request: FastifyRequest,
  reply: FastifyReply,
  inboxId: string,
  limit: number,
) {
  const filter = eventFilterOf(request, inboxId);
  if (!isEmptyFilter(filter)) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'drift=true is not combined with the other filters',
      details: [{ path: '/drift', message: 'drop the other filters' }],
    });
  }
  const page = await listDriftedEvents(deps, await principalOf(deps, request), {
    inboxId,
    limit,
    before: queryParam(request, 'before'),
  });
  if (page.nextBefore !== null) {
    const next = `/api/v1/inboxes/${encodeURIComponent(inboxId)}/events?limit=${limit}&before=${page.nextBefore}&drift=true`;
    void reply.header('link', `<${next}>; rel="next"`);
  }
  return reply.type(JSON_CONTENT_TYPE).send(eventSummaryPageJson(page.events));
}

export function registerEventRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  // The contract's listing: a bare JSON array, newest first; the next page is in the Link header.
  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/events',
    operationId: 'listEvents',
    share: true,
    summary: "One page of an inbox's events, newest first",
    description:
      'A bare JSON array, newest first. When older events remain, the `Link` header carries the next ' +
      'page: `</api/v1/inboxes/<id>/events?limit=50&before=evt_...>; rel="next"`. ' +
      'The filters (`method`, `path`, `header`, `q`, `json`, `since`, `until`; docs/search.md) combine ' +
      'with each other and with the pagination, and the `Link` keeps them. A filtered page examines at ' +
      'most 100,000 events and searches for at most about 100 ms (REHOOK_SEARCH_TIME_BUDGET): it may hold ' +
      'fewer than `limit` events (even none) while a `Link` still leads on; follow it until there is none. ' +
      'A page that found nothing when its time ran out is refused with 422 SEARCH_TOO_BROAD: narrow the ' +
      'filter (a `since`/`until` range, a more specific value).',
    ...READS_INBOX,
    querystring: Type.Object({
      limit: Type.Optional(
        Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Page size.' }),
      ),
      before: Type.Optional(
        Type.String({ description: 'Only events older than this event id (the cursor of the Link header).' }),
      ),
      ...EventFilterQueryProperties,
      drift: Type.Optional(
        Type.Boolean({
          description:
            'true: only the events that drifted from the schema learned from the earlier events of their type ' +
            '(docs/insight.md); not combined with the other filters.',
        }),
      ),
    }),
    responses: {
      200: {
        description: 'The events, newest first.',
        schema: Type.Array(ref(EventSummarySchema)),
      },
    },
    errors: ['VALIDATION_FAILED', 'INBOX_NOT_FOUND', 'SEARCH_TOO_BROAD'],
    audit: 'none',
    handler: async (request, reply) => {
      const inboxId = pathParam(request, 'inboxId');
      const limit = parseLimit(queryParam(request, 'limit'));
      const drift = (request.query as { drift?: unknown }).drift;
      if (drift === true || drift === 'true') {
        return sendDriftedPage(deps, request, reply, inboxId, limit);
      }
      const filter = eventFilterOf(request, inboxId);
      const page = await listEvents(deps, await principalOf(deps, request), {
        inboxId,
        limit,
        before: queryParam(request, 'before'),
        filter,
      });
      if (page.nextBefore !== null) {
        // The next page keeps the filter (times as the event ids they were turned into).
        const filterQuery = new URLSearchParams(eventFilterQuery(filter)).toString();
        const next =
          `/api/v1/inboxes/${encodeURIComponent(inboxId)}/events?limit=${limit}&before=${page.nextBefore}` +
          (filterQuery === '' ? '' : `&${filterQuery}`);
        void reply.header('link', `<${next}>; rel="next"`);
      }
      // Already the JSON body (eventSummaryJson of each event): sent as is, with the content type
      // Fastify's serializer would have set.
      return reply.type(JSON_CONTENT_TYPE).send(page.json);
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/events/:eventId',
    operationId: 'getEvent',
    share: true,
    summary: 'One captured event with headers and body',
    ...READS_EVENT,
    responses: { 200: { description: 'The event.', schema: EventEnvelope } },
    errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND'],
    audit: 'none',
    handler: async (request) => {
      const { event } = await getEvent(deps, await principalOf(deps, request), pathParam(request, 'eventId'));
      return { data: { event: eventJson(event) } };
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/events/:eventId/meta',
    operationId: 'getEventMeta',
    share: true,
    summary: 'One captured event without its body',
    description:
      'Everything of `GET /api/v1/events/<id>` except `bodyBase64` and `bodyText`; `bodyUrl` serves the ' +
      'body bytes. For clients that show big bodies: the bytes travel once, not twice inside JSON.',
    ...READS_EVENT,
    responses: {
      200: { description: 'The event without its body.', schema: dataEnvelope('event', ref(EventMetaSchema)) },
    },
    errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND'],
    audit: 'none',
    handler: async (request) => {
      const { event } = await getEvent(deps, await principalOf(deps, request), pathParam(request, 'eventId'));
      return { data: { event: eventMetaJson(event) } };
    },
  });

  // Captured bodies are hostile: served as a download with nosniff and a sandboxing CSP, so a
  // captured HTML or SVG body can never run as a page of the API origin.
  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/events/:eventId/body',
    operationId: 'getEventBody',
    share: true,
    summary: 'The raw body bytes of an event',
    description:
      'Served as an attachment with the original Content-Type (octet-stream when it is not a plain ' +
      'type/subtype), `X-Content-Type-Options: nosniff` and a sandboxing CSP.',
    ...READS_EVENT,
    responses: { 200: { description: 'The exact captured bytes.', mediaType: '*/*' } },
    errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND'],
    audit: 'none',
    handler: async (request, reply) => {
      const { event } = await getEvent(deps, await principalOf(deps, request), pathParam(request, 'eventId'));
      return reply
        .header('content-type', safeContentType(event.contentType))
        .header('content-disposition', `attachment; filename="${event.id}.bin"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(event.body);
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/events/:eventId',
    operationId: 'deleteEvent',
    summary: 'Delete one event with its replays',
    description:
      "Same access as deleting its inbox: an owned inbox's event only by the owner; an anonymous inbox's " +
      'event by anyone who holds the ids. Open live streams of the inbox get an `event.deleted` message.',
    tag: 'Events',
    access: 'anonymous-or-token',
    scope: 'manage',
    inbox: 'eventId',
    params: EventIdParams,
    ...removed(deps, 'eventId', 'Deleted.', deleteEvent),
    errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND'],
    audit: 'none',
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/inboxes/:inboxId/events',
    operationId: 'clearInbox',
    summary: 'Delete every event of an inbox (clear it)',
    description:
      'Deletes the events stored before the call, with their replays; the inbox stays and keeps capturing ' +
      '(events that arrive meanwhile are kept). Same access as deleting the inbox. Works in short steps of ' +
      '1,000 rows, so ingest never waits long; a very large inbox takes a moment. Open live streams of the ' +
      'inbox get an `inbox.cleared` message.',
    tag: 'Events',
    access: 'anonymous-or-token',
    scope: 'manage',
    inbox: 'inboxId',
    params: InboxIdParams,
    ...removed(deps, 'inboxId', 'Cleared.', clearInbox),
    errors: ['INBOX_NOT_FOUND'],
    audit: { action: 'inbox.cleared', target: inboxTarget },
  });
}
