import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { clientAddress, rateLimited } from '../../../abuse/api-limits.js';
import { DIFF_LIMITS } from '../../../domain/event-diff.js';
import { eventSummaryJson } from '../../../domain/event-json.js';
import { stringifyLossless } from '../../../domain/lossless-json.js';
import { AppError } from '../../../errors.js';
import { diffTwoEvents } from '../../../services/event-diff.js';
import { findPreviousOfType, PREVIOUS_LOOKBACK } from '../../../services/previous-event.js';
import type { ApiContext } from '../core/context.js';
import { EventDiffSchema } from './schemas.js';
import { pathParam, principalOf, queryParam } from '../core/request.js';
import { dataEnvelope } from '../core/route-schema.js';
import { EventSummarySchema, ref } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { READS_EVENT } from '../core/reads.js';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const PreviousOfTypeSchema = Type.Object(
  {
    event: Type.Union([ref(EventSummarySchema), Type.Null()], {
      description: `The previous event, or null when none of the ${PREVIOUS_LOOKBACK.toLocaleString('en-US')} events before this one matches.`,
    }),
    matchedBy: Type.Union([Type.Literal('eventType'), Type.Literal('methodAndPath')], {
      description:
        '`eventType`: the same learned event type; `methodAndPath`: this event has no type yet (it is learned ' +
        'a moment after capture) or none (not JSON), so the same method and exact path.',
    }),
    eventType: Type.Union([Type.String(), Type.Null()], {
      description: "This event's type: null while not learned yet, and when it has none (not JSON).",
    }),
  },
  { additionalProperties: false },
);

/** Comparing two captured events (services/event-diff.ts, docs/insight.md). */
export function registerDiffRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/events/:eventId/diff',
    operationId: 'diffEvents',
    share: true,
    summary: 'What differs between two events',
    description:
      'From the event in the path (the first) to `against` (the second), in any inboxes the caller may read ' +
      "(a sharing link reads only its own inbox's events): method and path as `{from, to}` when they differ, " +
      'query parameters and headers as `added`, `removed` and `changed`, and the body as RFC 6902 operations ' +
      'when both bodies are JSON (applied to the first body they give the second; big numbers are written ' +
      'exactly), a line diff when both are text, else whether the bytes are equal and their sizes. Bodies ' +
      `above ${DIFF_LIMITS.maxBodyBytes / 1024 / 1024} MiB, line diffs of more than ${DIFF_LIMITS.maxLineEdits} ` +
      `edits and body diffs that take more than ${DIFF_LIMITS.timeBudgetMs} ms are only compared byte for byte ` +
      '(`kind` `binary`, `reason` `too-large`). Limited per client address (REHOOK_RATE_DIFF).',
    ...READS_EVENT,
    querystring: Type.Object({
      against: Type.String({ description: 'The id of the second event.' }),
    }),
    responses: { 200: { description: 'The differences.', schema: dataEnvelope('diff', ref(EventDiffSchema)) } },
    errors: ['EVENT_NOT_FOUND', 'VALIDATION_FAILED', 'RATE_LIMITED'],
    audit: 'none',
    handler: async (request, reply) => {
      const against = queryParam(request, 'against');
      if (against === undefined || against === '') {
        throw new AppError('VALIDATION_FAILED', {
          message: 'against must be the id of the event to compare with',
          details: [{ path: '/against', message: 'required: an event id (evt_...)' }],
        });
      }
      if (ctx.abuse) {
        const allowed = ctx.abuse.diffs.take(clientAddress(request, ctx.trustProxy));
        if (!allowed.ok) throw rateLimited(reply, allowed.retryAfterMs, 'Too many comparisons from this address');
      }
      const { head, bodyJson } = await diffTwoEvents(
        deps,
        await principalOf(deps, request),
        pathParam(request, 'eventId'),
        against,
      );
      // Written by the lossless writer: numbers JavaScript cannot hold keep their captured digits.
      // The body's diff comes written already (from its thread); it is the diff's last member.
      const headJson = stringifyLossless(head);
      return reply.type(JSON_CONTENT_TYPE).send(`{"data":{"diff":${headJson.slice(0, -1)},"body":${bodyJson}}}}`);
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/events/:eventId/previous-of-type',
    operationId: 'previousEventOfType',
    share: true,
    summary: 'The previous event of the same type',
    description:
      'The newest older event of the same inbox with the same learned event type (docs/insight.md), to ' +
      'compare with. While the event has no type (learned in the background a moment after capture) or ' +
      'none (not JSON), the previous one with the same method and exact path; `matchedBy` says which. ' +
      `Looks at the ${PREVIOUS_LOOKBACK.toLocaleString('en-US')} events before it at most.`,
    ...READS_EVENT,
    responses: {
      200: { description: 'The previous event, or null.', schema: dataEnvelope('previous', PreviousOfTypeSchema) },
    },
    errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND'],
    audit: 'none',
    handler: async (request) => {
      const found = await findPreviousOfType(deps, await principalOf(deps, request), pathParam(request, 'eventId'));
      return {
        data: {
          previous: {
            event: found.previous === null ? null : eventSummaryJson(found.previous),
            matchedBy: found.matchedBy,
            eventType: found.eventType,
          },
        },
      };
    },
  });
}
