import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { EventSummary } from '../../../domain/captured-event.js';
import type { InboxNotice } from '../../../ports/event-bus.js';
import { openInboxStream, type StreamOptions } from '../../../services/stream.js';
import type { ApiContext } from '../core/context.js';
import { eventSummaryJson } from '../core/present.js';
import { getReadableInbox } from '../../../services/inboxes.js';
import { watchRequestAccess } from '../core/access-watch.js';
import { watchShareRevocation } from '../../../services/shares.js';
import { AppError } from '../../../errors.js';
import { authenticateRequest, pathParam, principalOf, queryParam } from '../core/request.js';
import { addEndpoint } from '../core/endpoint.js';
import { READS_INBOX } from '../core/reads.js';

/** A client whose unsent output passes this is dropped; it resumes with Last-Event-ID. */
export const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;

/** How long EventSource clients wait before reconnecting. */
const RETRY_MS = 2000;

export interface StreamRouteOptions extends StreamOptions {
  /** Unsent bytes allowed per client before its stream is dropped (default 1 MiB). */
  readonly maxBufferedBytes?: number;
}

/** One server-sent-events message per captured event; `id` lets the client resume. */
export function eventMessage(event: EventSummary): string {
  // JSON.stringify never emits a raw CR or LF, so the payload is one `data:` line.
  return `id: ${event.id}\nevent: event.created\ndata: ${JSON.stringify(eventSummaryJson(event))}\n\n`;
}

/**
 * A deletion, as a message without `id:` (the client's Last-Event-ID stays the last event it
 * got): `event.deleted` with the event's id, `inbox.cleared` with the newest id it removed.
 */
export function noticeMessage(notice: InboxNotice): string {
  return notice.kind === 'event.deleted'
    ? `event: event.deleted\ndata: ${JSON.stringify({ id: notice.eventId, inboxId: notice.inboxId })}\n\n`
    : `event: inbox.cleared\ndata: ${JSON.stringify({ inboxId: notice.inboxId, through: notice.through })}\n\n`;
}

/**
 * `GET /api/v1/inboxes/:inboxId/stream`: the inbox's new events as server-sent events (see
 * services/stream.ts for resumption). Access errors and a malformed Last-Event-ID are ordinary
 * JSON errors, answered before the stream starts. Open streams are ended when the app closes,
 * so `app.close()` never waits for a client to hang up.
 */
export function registerStreamRoutes(app: FastifyInstance, ctx: ApiContext, options: StreamRouteOptions = {}): void {
  const { deps } = ctx;
  const maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  /** Ends each open stream's response; run at shutdown. */
  const open = new Set<() => void>();
  let closing = false;

  app.addHook('preClose', (done) => {
    closing = true;
    for (const end of [...open]) end();
    done();
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/stream',
    operationId: 'streamEvents',
    share: true,
    summary: "Live stream of an inbox's new events (server-sent events)",
    description:
      'One `event.created` message per captured request, its data the event summary (as in the list), ' +
      'its `id` the event id. With `Last-Event-ID` (header, or `lastEventId` in the query) every missed ' +
      'event is sent first, oldest first: nothing missed, nothing repeated. While the stream is open, ' +
      '`event.deleted` (data `{"id","inboxId"}`) tells of a deleted event and `inbox.cleared` (data ' +
      '`{"inboxId","through"}`: every event up to that id is gone) of a cleared inbox; they carry no `id`. ' +
      'A `: ping` comment every 15 s keeps proxies from closing the connection.',
    ...READS_INBOX,
    querystring: Type.Object({
      lastEventId: Type.Optional(Type.String({ description: 'Resume after this event id (the header wins).' })),
    }),
    headers: Type.Object({
      'last-event-id': Type.Optional(
        Type.String({ description: 'Resume after this event id (EventSource sends it).' }),
      ),
    }),
    responses: { 200: { description: 'The event stream.', mediaType: 'text/event-stream' } },
    errors: ['VALIDATION_FAILED', 'INBOX_NOT_FOUND'],
    audit: 'none',
    handler: async (request, reply) => {
      const inboxId = pathParam(request, 'inboxId');
      // The header wins: EventSource resends its original URL (query included) when it reconnects,
      // with the id it last received in the header.
      const lastEventId = nonEmpty(request.headers['last-event-id']) ?? nonEmpty(queryParam(request, 'lastEventId'));
      const principal = await principalOf(deps, request);
      const res = reply.raw;
      let gone = false;
      // Aborting it closes the service's stream (unsubscribes, stops the heartbeat).
      const disconnected = new AbortController();
      // A sharing link's stream ends the moment the link is revoked, on whichever instance: the
      // bus carries the revocation. Before the stream started, the answer is 404 instead.
      let started = false;
      let revokedBeforeStart = false;
      const unwatch =
        principal.kind === 'share'
          ? watchShareRevocation(deps.bus, principal.shareId, () => {
              request.log.debug(
                { inboxId, shareId: principal.shareId },
                'live stream ended: its sharing link was revoked',
              );
              if (started) return finish('end');
              revokedBeforeStart = true;
              disconnected.abort();
            })
          : () => undefined;

      // A team member removed from the inbox's team, or a revoked token, loses its stream at
      // once, on every instance: the bus carries the change, and access is checked again then
      // (the credential too, so a revoked token is refused).
      const unwatchAccess = watchRequestAccess(deps, request, principal, inboxId, () => {
        request.log.debug({ inboxId }, 'live stream ended: its access was withdrawn');
        if (started) finish('end');
        else disconnected.abort();
      });

      const finish = (how: 'end' | 'destroy'): void => {
        if (!gone) {
          gone = true;
          open.delete(endForShutdown);
          unwatch();
          unwatchAccess();
          disconnected.abort();
        }
        if (how === 'destroy') {
          res.destroy();
        } else if (!res.writableEnded) {
          res.end();
        }
      };
      const endForShutdown = (): void => {
        finish('end');
        // A keep-alive connection would otherwise idle until its timeout and hold server.close().
        const socket = request.raw.socket;
        if (res.writableFinished) socket.destroySoon();
        else res.once('finish', () => socket.destroySoon());
      };
      const write = (chunk: string): void => {
        if (gone || res.destroyed || res.writableEnded) return;
        // A slow client: stop queueing in memory; it resumes from the last event it got.
        if (!res.write(chunk) && res.writableLength > maxBufferedBytes) finish('destroy');
      };
      res.once('close', () => finish('end'));

      await openInboxStream(
        deps,
        principal,
        { inboxId, lastEventId, signal: disconnected.signal },
        {
          open: () => {
            started = true;
            void reply.hijack();
            if (gone) return;
            res.writeHead(200, {
              'content-type': 'text/event-stream',
              'cache-control': 'no-store',
              connection: 'keep-alive',
              // nginx buffers proxied responses unless told not to; a stream must pass through.
              'x-accel-buffering': 'no',
              'x-content-type-options': 'nosniff',
              'x-request-id': String(request.id),
            });
            // Fastify answers HEAD with this handler too: headers only, then done.
            if (request.method === 'HEAD') return finish('end');
            open.add(endForShutdown);
            write(`retry: ${RETRY_MS}\n: rehook live stream of ${inboxId}\n\n`);
          },
          event: (event) => write(eventMessage(event)),
          notice: (notice) => write(noticeMessage(notice)),
          truncated: (info) =>
            write(
              `event: stream.truncated\ndata: ${JSON.stringify({ maxBacklog: info.maxBacklog, before: info.before })}\n\n`,
            ),
          heartbeat: () => write(': ping\n\n'),
          end: () => finish('end'),
        },
        {
          ...options,
          // The caller's token and the inbox's owner are checked again before live events go out:
          // a revoked token or a save by another account ends the stream.
          checkAccess: async () => {
            await getReadableInbox(deps, await authenticateRequest(deps, request), inboxId);
            return true;
          },
          // A link can be revoked with no event to trigger a check; each heartbeat checks it too.
          checkAccessOnHeartbeat: principal.kind === 'share',
        },
      ).catch((err: unknown) => {
        unwatch();
        unwatchAccess();
        throw err;
      });
      if (revokedBeforeStart && !started) {
        unwatch();
        throw new AppError('SHARE_NOT_FOUND');
      }
      // The client left while access and backlog were checked: nothing to answer.
      if (gone) void reply.hijack();
      // The app began closing meanwhile: preClose has run already, so end this one here.
      else if (closing) endForShutdown();
      return reply;
    },
  });
}

function nonEmpty(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.join(',');
  return typeof value !== 'string' || value === '' ? undefined : value;
}
