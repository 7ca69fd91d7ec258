import { EventIdParams, InboxIdParams } from './route-schema.js';

/**
 * What every route that reads an inbox's events has in common: anyone the inbox's access rules
 * let through (an anonymous inbox's holder, its owner, its team), a token with the read scope,
 * the inbox named by the path. Spread into a declaration (core/endpoint.ts).
 */
export const READS_INBOX = {
  tag: 'Events',
  access: 'anonymous-or-token',
  scope: 'read',
  inbox: 'inboxId',
  params: InboxIdParams,
} as const;

/** The same for a route that reads one event (its inbox named through `:eventId`). */
export const READS_EVENT = {
  tag: 'Events',
  access: 'anonymous-or-token',
  scope: 'read',
  inbox: 'eventId',
  params: EventIdParams,
} as const;
