import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { CapturedEvent } from '../../../domain/captured-event.js';
import { parseDurationMs } from '../../../domain/duration.js';
import { AppError } from '../../../errors.js';
import { DEFAULT_WAIT_MS, MAX_WAIT_MS, waitForNextEvent } from '../../../services/next-event.js';
import { watchShareRevocation } from '../../../services/shares.js';
import { watchRequestAccess } from '../core/access-watch.js';
import type { ApiContext } from '../core/context.js';
import { eventJson } from '../core/present.js';
import { authenticateRequest, pathParam, principalOf, queryParam } from '../core/request.js';
import { EventEnvelope } from '../events/routes.js';
import { addEndpoint } from '../core/endpoint.js';
import { READS_INBOX } from '../core/reads.js';

/**
 * Socket inactivity allowed beyond the poll's own timeout, for the store reads around the wait.
 * The server's inactivity timeout (Fastify's connectionTimeout, Node's `server.timeout`) would
 * otherwise destroy a socket whose poll waits longer than it without a byte being sent.
 */
const SOCKET_GRACE_MS = 15_000;

/** `timeout` as milliseconds; NaN when malformed (the service answers 400 after access checks). */
function timeoutParam(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  return parseDurationMs(raw) ?? Number.NaN;
}

/**
 * `GET /api/v1/inboxes/:inboxId/events/next?after=<eventId>&timeout=30s`: long-poll for the next
 * event (services/next-event.ts). 200 with the full event, exactly as `GET /api/v1/events/:id`
 * shows it, or 204 when none came in time. A client that hangs up ends its wait; when the app
 * closes, waiting polls answer 204 at once (with `Connection: close`), so `close()` never waits
 * for them and their clients simply poll again, possibly on another instance.
 */
export function registerNextEventRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;
  const shutdown = new AbortController();
  app.addHook('preClose', (done) => {
    shutdown.abort();
    done();
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/events/next',
    operationId: 'nextEvent',
    share: true,
    summary: 'Long-poll: the next event of an inbox',
    description:
      'Answers 200 with the first event (lowest id) newer than `after` as soon as one is stored, on ' +
      'any instance, or 204 when none came within `timeout`. Without `after`: the next event stored ' +
      'after the call. Same access rules as listing events. A server shutting down answers waiting ' +
      'polls 204 at once, so clients simply poll again.',
    ...READS_INBOX,
    querystring: Type.Object({
      after: Type.Optional(Type.String({ description: 'Answer only an event newer than this event id.' })),
      timeout: Type.Optional(
        Type.String({
          default: '30s',
          description: 'How long to wait: 500ms, 30s, 2m, or a number of seconds; 0 to 120 s.',
          examples: ['30s'],
        }),
      ),
    }),
    responses: {
      200: { description: 'The event.', schema: EventEnvelope },
      204: { description: 'No event within the timeout (or the server is shutting down): poll again.' },
    },
    errors: ['VALIDATION_FAILED', 'INBOX_NOT_FOUND'],
    audit: 'none',
    handler: async (request, reply) => {
      const inboxId = pathParam(request, 'inboxId');
      const after = queryParam(request, 'after');
      const timeoutMs = timeoutParam(queryParam(request, 'timeout'));
      const principal = await principalOf(deps, request);

      // Aborted when the client hangs up or the app closes; either ends the wait.
      const ended = new AbortController();
      const res = reply.raw;
      let gone = false;
      const onClose = (): void => {
        if (res.writableFinished) return;
        gone = true;
        ended.abort();
      };
      const onShutdown = (): void => ended.abort();
      // A poll made with a sharing link ends the moment the link is revoked (on any instance): 404.
      let revoked = false;
      const unwatch =
        principal.kind === 'share'
          ? watchShareRevocation(deps.bus, principal.shareId, () => {
              revoked = true;
              request.log.debug(
                { inboxId, shareId: principal.shareId },
                'long-poll ended: its sharing link was revoked',
              );
              ended.abort();
            })
          : () => undefined;
      // A team member removed from the inbox's team, or a revoked token: the poll ends at once
      // with the answer of a new request (404, 401), on every instance.
      let lostAccess: AppError | null = null;
      const unwatchAccess = watchRequestAccess(deps, request, principal, inboxId, (refusal) => {
        lostAccess = refusal;
        ended.abort();
      });
      res.once('close', onClose);
      shutdown.signal.addEventListener('abort', onShutdown, { once: true });
      if (shutdown.signal.aborted) ended.abort();
      const restoreSocketTimeout = allowSocketIdle(request.raw.socket, timeoutMs);
      let event: CapturedEvent | null;
      try {
        event = await waitForNextEvent(deps, principal, {
          inboxId,
          after,
          timeoutMs,
          signal: ended.signal,
          reauthenticate: () => authenticateRequest(deps, request),
          onWaiting: () => request.log.debug({ inboxId, after }, 'long-poll waiting'),
        });
      } finally {
        unwatch();
        unwatchAccess();
        restoreSocketTimeout();
        res.off('close', onClose);
        shutdown.signal.removeEventListener('abort', onShutdown);
      }
      // The client hung up: nobody to answer.
      if (gone) {
        void reply.hijack();
        return reply;
      }
      if (revoked) throw new AppError('SHARE_NOT_FOUND');
      if (lostAccess !== null) throw lostAccess;
      // Closing: the connection goes with this answer, so the server's close() does not wait on it.
      if (shutdown.signal.aborted) void reply.header('connection', 'close');
      if (event !== null) return { data: { event: eventJson(event) } };
      return reply.code(204).send();
    },
  });
}

/**
 * Lets the socket stay idle for the poll's wait (plus a grace period) when the server's
 * inactivity timeout is shorter, and returns how to put the previous timeout back. It is put
 * back as soon as the wait ends, before the answer is written, so the longer allowance covers
 * only the wait: Node then applies keepAliveTimeout between requests and the server's timeout
 * to the next request as usual. Other requests are never affected.
 */
function allowSocketIdle(
  socket: { timeout?: number | undefined; setTimeout?: (ms: number) => unknown; destroyed?: boolean } | undefined,
  timeoutMs: number | undefined,
): () => void {
  const previous = socket?.timeout ?? 0;
  const wanted = Math.min(timeoutMs ?? DEFAULT_WAIT_MS, MAX_WAIT_MS) + SOCKET_GRACE_MS;
  // 0 = no inactivity timeout at all; NaN (a malformed timeout) is refused before any wait.
  if (socket?.setTimeout === undefined || previous === 0 || !(wanted > previous)) return () => undefined;
  socket.setTimeout(wanted);
  return () => {
    if (socket.destroyed !== true) socket.setTimeout?.(previous);
  };
}
