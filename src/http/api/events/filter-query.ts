import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { parseEventFilter, type EventFilter } from '../../../domain/event-filter.js';
import { AppError } from '../../../errors.js';

const repeatable = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description }));

/**
 * The query parameters of an event filter (src/domain/event-filter.ts; docs/search.md), for the
 * `querystring` of every route that takes one (the event list, the export, bulk replay).
 */
export const EventFilterQueryProperties = {
  method: repeatable('Only these methods (any case; repeatable, or comma-separated: `method=POST,PUT`).'),
  path: Type.Optional(
    Type.String({
      description:
        'Only paths starting with this prefix, below the inbox: `/stripe` matches `/i/<id>/stripe/events` ' +
        '(the full `/i/<id>/...` path works too). Case-sensitive, compared with the path as received.',
    }),
  ),
  header: repeatable(
    'Only events with this header: `name` (any case) or `name:value` (exact value); repeatable, all must match.',
  ),
  q: Type.Optional(
    Type.String({
      maxLength: 1024,
      description:
        'Only events with this text in the path, the query string, a header name or value, or the body bytes, also as a form field (`w%C3%B6rld`, `%2B1555`) or a JSON string (`w\\u00f6rld`) holds it; the letters A-Z match either case unless `case=sensitive` (docs/search.md).',
    }),
  ),
  case: Type.Optional(
    Type.Union([Type.Literal('insensitive'), Type.Literal('sensitive')], {
      description: '`sensitive`: `q` matches every byte exactly, letter case included. Default `insensitive`.',
    }),
  ),
  json: repeatable(
    'Only JSON bodies whose field has this value: `data.object.status=paid` (a string, or a number, ' +
      '`true`/`false`/`null` written as such; digits address array items: `items.0.id=x`), or `field.path` ' +
      'alone for the field to exist. Repeatable, all must match.',
  ),
  since: Type.Optional(
    Type.String({ description: 'Only events received at or after this ISO 8601 time, or this event id and newer.' }),
  ),
  until: Type.Optional(
    Type.String({ description: 'Only events received before this ISO 8601 time, or older than this event id.' }),
  ),
};

/**
 * The request's filter parameters, parsed. Throws 400 VALIDATION_FAILED with the parser's
 * message (and the parameter as the detail's path) for a bad one.
 */
export function eventFilterOf(request: FastifyRequest, inboxId: string): EventFilter {
  const parsed = parseEventFilter((request.query ?? {}) as Record<string, unknown>, { inboxId });
  if (!parsed.ok) {
    throw new AppError('VALIDATION_FAILED', {
      message: parsed.message,
      details: [{ path: `/${parsed.param}`, message: parsed.message }],
    });
  }
  return parsed.filter;
}
