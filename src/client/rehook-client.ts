import { EventCalls } from './event-calls.js';

/**
 * Typed client of the Rehook REST API, made for tests as much as for tools: create an inbox,
 * send it a request, wait for what your code under test sends, inspect and replay events.
 * Every method throws RehookApiError for an error answer (`err.code` is the API's error code),
 * RehookConnectionError when the server cannot be reached.
 *
 * Each resource's calls live in a module of their own (inboxes.ts, events.ts, ...); this class
 * is the one flat surface they are offered through, its methods grouped by purpose in the
 * classes it extends: account-calls.ts (accounts, tokens, teams, audit, sharing links),
 * inbox-calls.ts (inboxes and their settings) and event-calls.ts (events, replays, forwarding,
 * alerts).
 *
 * @example
 * const client = new RehookClient({ baseUrl: 'http://127.0.0.1:8080', token: process.env.REHOOK_TOKEN });
 * const inbox = await client.createInbox();
 * await triggerTheWebhook(inbox.url);
 * const event = await client.waitForEvent(inbox.id, { match: { json: { type: 'invoice.paid' } } });
 */
export class RehookClient extends EventCalls {}
