/**
 * The app's API access: one RehookClient (src/client, bundled) for the same origin. The browser
 * authenticates with the session cookie (sent by fetch with `credentials: 'same-origin'`); writes
 * carry the session's CSRF token; a shared view sends its share token instead.
 *
 */
import { AUDIT_ACTIONS, isRehookError, RehookApiError, RehookClient } from '../../src/client/index.js';
import type {
  Account,
  CreatedShare,
  Inbox,
  Share,
  SignatureSettings,
  SignatureSettingsInput,
} from '../../src/client/index.js';

export { AUDIT_ACTIONS, isRehookError, RehookApiError };
// The screens take the client's types from here, so that only this module knows where they live.
export type {
  Account,
  AlertDelivery,
  AuditEntry,
  AuditPage,
  AlertRule,
  AlertRuleInput,
  CreatedShare,
  CreatedToken,
  CurlCommand,
  Delivery,
  DriftDifference,
  EventTypeInfo,
  EventTypeRule,
  EventTypeSettings,
  EventTypeSchema,
  DeliveryAttempt,
  EventDetail,
  EventDiff,
  EventMeta,
  EventFilterParams,
  EventSummary,
  Forwarding,
  ForwardingInput,
  InboxResponse,
  InboxResponseInput,
  Replay,
  ReplayJob,
  ReplayJobInput,
  ReplayJobResult,
  ReplayOptions,
  ReplayRequest,
  ReplayRun,
  ResponseAnswer,
  ResponsePreview,
  ResponseRule,
  Share,
  SignatureSettings,
  SignatureSettingsInput,
  Team,
  TeamInvitation,
  TeamInvitationPreview,
  TeamMember,
  TeamRole,
  CreatedTeamInvitation,
  Token,
} from '../../src/client/index.js';

/** An inbox as the screens show it (name, event count and last activity included). */
export type InboxView = Inbox;

const credentials = { csrf: null as string | null, share: null as string | null };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** fetch for the client: same-origin cookies, the CSRF header on writes, the share header in shared views. */
const browserFetch: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (credentials.csrf !== null && !SAFE_METHODS.has(method) && !headers.has('x-csrf-token'))
    headers.set('x-csrf-token', credentials.csrf);
  if (credentials.share !== null) headers.set('x-rehook-share', credentials.share);
  return fetch(input, { ...init, headers, credentials: 'same-origin' });
};

// Cookie mode: the client sends the session cookie and the CSRF token of the session it signed in
// with. Its fetch is ours (an arrow function: a bare `fetch` called as a method of another object
// throws "Illegal invocation" in browsers), adding the share token in shared views.
export const client = new RehookClient({ baseUrl: location.origin, fetch: browserFetch, credentials: 'same-origin' });

export function setCsrfToken(token: string | null): void {
  credentials.csrf = token;
}

/** Shared views read with the share token (header; query for EventSource and downloads). */
export function setShareToken(token: string | null): void {
  credentials.share = token;
}

export function shareToken(): string | null {
  return credentials.share;
}

// --- Accounts and sessions ---------------------------------------------------------------

export interface SessionInfo {
  readonly account: Account;
  readonly csrfToken: string;
}

/** The signed-in account, or null. */
export async function fetchSession(): Promise<SessionInfo | null> {
  const session = await client.session();
  return session === null ? null : { account: session.account, csrfToken: session.csrfToken };
}

export async function signUp(email: string, password: string): Promise<SessionInfo> {
  const session = await client.signUp({ email, password });
  return { account: session.account, csrfToken: session.csrfToken };
}

export async function signIn(email: string, password: string): Promise<SessionInfo> {
  const session = await client.signIn({ email, password });
  return { account: session.account, csrfToken: session.csrfToken };
}

export async function signOut(everywhere = false): Promise<void> {
  if (everywhere) await client.signOutEverywhere();
  else await client.signOut();
}

// --- Inboxes and sharing links -------------------------------------------------------------

export async function createInbox(name?: string): Promise<InboxView> {
  return client.createInbox(name === undefined || name === '' ? {} : { name });
}

export const renameInbox = (inboxId: string, name: string | null): Promise<InboxView> =>
  client.renameInbox(inboxId, name);
export const deleteEvent = (eventId: string): Promise<void> => client.deleteEvent(eventId);
export const clearInbox = (inboxId: string): Promise<void> => client.clearInbox(inboxId);
export const listShares = (inboxId: string): Promise<Share[]> => client.shares(inboxId);
export const createShare = (inboxId: string): Promise<CreatedShare> => client.createShare(inboxId);
export const revokeShare = (inboxId: string, shareId: string): Promise<void> => client.revokeShare(inboxId, shareId);
/** The inbox a sharing link opens (no other credential needed). */
export const openShare = (token: string): Promise<InboxView> => client.resolveShare(token);

/** A URL of the API with the share token in the query when in a shared view (EventSource, downloads). */
export function withShare(path: string): string {
  if (credentials.share === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}share=${encodeURIComponent(credentials.share)}`;
}

// --- Signature settings (docs/signatures.md) ---------------------------------------------------

export type SignatureScheme = SignatureSettings['scheme'];
/** The inbox's signature settings (never the secret), or null when none is set. */
export const signatureSettings = (inboxId: string): Promise<SignatureSettings | null> =>
  client.signatureSettings(inboxId);
export const setSignatureSettings = (inboxId: string, input: SignatureSettingsInput): Promise<SignatureSettings> =>
  client.setSignatureSettings(inboxId, input);
export const removeSignatureSettings = (inboxId: string): Promise<void> => client.removeSignatureSettings(inboxId);

/** A human message for any failure. */
export function errorMessage(err: unknown): string {
  if (isRehookError(err)) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}

// --- Account settings (docs/accounts.md) -----------------------------------------------------

export type { AccountSession, SignInMethods, SingleSignOnLink, TokenLimits } from '../../src/client/index.js';
