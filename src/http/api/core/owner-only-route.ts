import type { ErrorCode } from '../../../errors.js';
import { InboxIdParams, type RouteDoc } from './route-schema.js';

/**
 * Routes of a saved inbox's settings that make the server send requests (forwarding, alerts):
 * only the inbox's owner may use them, so they share the rule, its wording and the route
 * options that enforce it.
 */

/** The description's opening: who may call, and what the others get. `why` says what sends. */
export function ownerOnlyNote(why: string): string {
  return (
    `Only the owner of a saved inbox (its token or session): ${why}, so an anonymous inbox answers 409 ` +
    "INBOX_NOT_SAVED (save it first), another account's 404, a sharing link 403 SHARE_READ_ONLY."
  );
}

/**
 * What replacing such a setting can answer besides the common codes: a bad body or filter, a
 * destination the SSRF policy refuses, the owner rule, and a body that is not JSON.
 */
export const REPLACE_SETTING_ERRORS: readonly ErrorCode[] = [
  'VALIDATION_FAILED',
  'INVALID_DESTINATION',
  'INBOX_NOT_FOUND',
  'INBOX_NOT_SAVED',
  'UNSUPPORTED_MEDIA_TYPE',
];

/** A route document without what every owner-only inbox route has in common. */
export type OwnerOnlyRouteDoc = Omit<RouteDoc, 'tag' | 'access' | 'inbox' | 'params' | 'description'> & {
  readonly description: string;
};

/** The access part of a route on `/api/v1/inboxes/:inboxId/...` that only the owner may use. */
export const OWNER_ONLY_INBOX = { tag: 'Inboxes', access: 'token', inbox: 'inboxId', params: InboxIdParams } as const;

/**
 * The declaration part of a route on `/api/v1/inboxes/:inboxId/...` that only the owner may use:
 * an account is required (a token or the session cookie), the inbox is named by the path, and the
 * description follows `note` (see ownerOnlyNote).
 */
export function ownerOnlyInboxRoute<D extends OwnerOnlyRouteDoc>(
  note: string,
  doc: D,
): D & { tag: 'Inboxes'; access: 'token'; inbox: 'inboxId'; params: typeof InboxIdParams } {
  return { ...doc, description: `${note} ${doc.description}`, ...OWNER_ONLY_INBOX };
}
