import * as accounts from './accounts.js';
import * as alerts from './alerts.js';
import * as events from './events.js';
import type { ListEventsOptions } from './events.js';
import * as exporting from './export.js';
import * as forwarding from './forwarding.js';
import * as inboxes from './inboxes.js';
import * as replayJobs from './replay-jobs.js';
import type { WaitForReplayJobOptions } from './replay-jobs.js';
import * as replays from './replays.js';
import * as responses from './responses.js';
import { send } from './sending.js';
import * as shares from './shares.js';
import * as teams from './teams.js';
import * as audit from './audit.js';
import * as signatures from './signatures.js';
import * as eventTypes from './event-types.js';
import * as tokens from './tokens.js';
import * as settings from './account-settings.js';
import { ApiTransport, type RehookClientOptions } from './transport.js';
import type {
  Account,
  AccountSession,
  TokenLimits,
  AlertDelivery,
  AlertRule,
  AlertRuleInput,
  CreatedShare,
  CreatedTeamInvitation,
  Team,
  AuditPage,
  AuditPageOptions,
  TeamInvitation,
  TeamInvitationPreview,
  TeamMember,
  TeamRole,
  CreatedToken,
  Credentials,
  CurlCommand,
  Delivery,
  EventBody,
  EventDetail,
  EventDiff,
  EventMeta,
  EventPage,
  ExportInboxOptions,
  Forwarding,
  ForwardingInput,
  Inbox,
  InboxResponse,
  InboxResponseInput,
  ResponsePreview,
  NextEventOptions,
  Replay,
  ReplayJob,
  ReplayJobInput,
  ReplayJobPage,
  ReplayOptions,
  ReplayRun,
  ResignedHeaders,
  SendRequest,
  Session,
  SignInMethods,
  SingleSignOnLink,
  Share,
  SignatureSettings,
  SignatureSettingsInput,
  EventTypeInfo,
  EventTypeRule,
  EventTypeSettings,
  EventTypeSchema,
  PreviousOfType,
  SchemaFormat,
  Token,
  WaitForEventOptions,
} from './types.js';

/**
 * Typed client of the Rehook REST API, made for tests as much as for tools: create an inbox,
 * send it a request, wait for what your code under test sends, inspect and replay events.
 * Every method throws RehookApiError for an error answer (`err.code` is the API's error code),
 * RehookConnectionError when the server cannot be reached.
 *
 * Each resource's calls live in a module of their own (inboxes.ts, events.ts, ...); this class
 * is the one flat surface they are offered through.
 *
 * @example
 * const client = new RehookClient({ baseUrl: 'http://127.0.0.1:8080', token: process.env.REHOOK_TOKEN });
 * const inbox = await client.createInbox();
 * await triggerTheWebhook(inbox.url);
 * const event = await client.waitForEvent(inbox.id, { match: { json: { type: 'invoice.paid' } } });
 */
export class RehookClient {
  readonly baseUrl: string;
  readonly #api: ApiTransport;

  constructor(options: RehookClientOptions) {
    this.#api = new ApiTransport(options);
    this.baseUrl = this.#api.baseUrl;
  }

  // --- Accounts and sessions (cookie mode) --------------------------------------------------

  /**
   * Creates an account and signs in (the server sets the session cookie): needs sign-up to be
   * open on the server (else SIGNUP_CLOSED). Remembers the session's CSRF token.
   */
  async signUp(credentials: Credentials): Promise<Session> {
    return accounts.signUp(this.#api, credentials);
  }

  /** Signs in (the server sets the session cookie; INVALID_CREDENTIALS otherwise). Remembers the CSRF token. */
  async signIn(credentials: Credentials): Promise<Session> {
    return accounts.signIn(this.#api, credentials);
  }

  /** How people sign in to the server: password, sign-up, and single sign-on with its button's name. */
  async signInMethods(): Promise<SignInMethods> {
    return accounts.signInMethods(this.#api);
  }

  /** The signed-in account of this browser, or null when it is not signed in. Remembers the CSRF token. */
  async session(): Promise<Session | null> {
    return accounts.session(this.#api);
  }

  /** Signs this browser out: the session ends and the server clears the cookie. */
  async signOut(): Promise<void> {
    return accounts.signOut(this.#api, 'signout');
  }

  /** Ends every session of the account, this one included (API tokens keep working). */
  async signOutEverywhere(): Promise<void> {
    return accounts.signOut(this.#api, 'signout-everywhere');
  }

  // --- Inboxes ------------------------------------------------------------------------------

  /**
   * A new inbox: persistent and owned with a token, anonymous (expiring after 48 h) without;
   * with a `name` (1 to 100 printable characters) when one is given.
   */
  async createInbox(options: { readonly name?: string | null; readonly teamId?: string } = {}): Promise<Inbox> {
    return inboxes.createInbox(this.#api, options);
  }

  /** Sets the inbox's name; null removes it. */
  async renameInbox(inboxId: string, name: string | null): Promise<Inbox> {
    return inboxes.renameInbox(this.#api, inboxId, name);
  }

  /** Deletes every event of the inbox (and their replays); the inbox stays and keeps capturing. */
  async clearInbox(inboxId: string): Promise<void> {
    return inboxes.clearInbox(this.#api, inboxId);
  }

  /** The account's inboxes, newest first (needs a token). */
  async inboxes(): Promise<Inbox[]> {
    return inboxes.listInboxes(this.#api);
  }

  async inbox(inboxId: string): Promise<Inbox> {
    return inboxes.getInbox(this.#api, inboxId);
  }

  /** Deletes the inbox with its events and replays. */
  async deleteInbox(inboxId: string): Promise<void> {
    return inboxes.deleteInbox(this.#api, inboxId);
  }

  /** Makes an anonymous inbox persistent and owned by the token's account. */
  async saveInbox(inboxId: string): Promise<Inbox> {
    return inboxes.saveInbox(this.#api, inboxId);
  }

  // --- Response rules ----------------------------------------------------------------

  /** What the inbox answers its senders; null while it answers the contract's `200 {"ok":true}`. */
  async inboxResponse(inboxId: string): Promise<InboxResponse | null> {
    return responses.inboxResponse(this.#api, inboxId);
  }

  /**
   * Programs what the inbox answers (replacing what was set): the default answer and ordered
   * rules, the first match winning. Takes effect at once on the server that stored it, within
   * 1 s on the others.
   */
  async setInboxResponse(inboxId: string, response: InboxResponseInput): Promise<InboxResponse> {
    return responses.setInboxResponse(this.#api, inboxId, response);
  }

  /**
   * What `response` (as setInboxResponse takes it; nothing is saved) would answer captured event
   * `eventId` of the inbox: the matching rule's answer with its templates rendered, or the
   * default answer and the render error when they fail.
   */
  async previewInboxResponse(inboxId: string, response: InboxResponseInput, eventId: string): Promise<ResponsePreview> {
    return responses.previewInboxResponse(this.#api, inboxId, response, eventId);
  }

  /** The inbox answers the contract's `200 {"ok":true}` again. */
  async clearInboxResponse(inboxId: string): Promise<void> {
    return responses.clearInboxResponse(this.#api, inboxId);
  }

  // --- Signatures ---------------------------------------------------------------------------

  /** The inbox's signature settings without the secret; null while none are set (owner of a saved inbox). */
  async signatureSettings(inboxId: string): Promise<SignatureSettings | null> {
    return signatures.signatureSettings(this.#api, inboxId);
  }

  /**
   * Sets the secret the inbox checks its senders' signatures with (replacing earlier settings):
   * every event captured from then on carries `signature: {scheme, status, reason}`. The secret
   * is never returned.
   */
  async setSignatureSettings(inboxId: string, settings: SignatureSettingsInput): Promise<SignatureSettings> {
    return signatures.setSignatureSettings(this.#api, inboxId, settings);
  }

  /** Removes the inbox's signature secret: new events are `unchecked` again. */
  async removeSignatureSettings(inboxId: string): Promise<void> {
    return signatures.removeSignatureSettings(this.#api, inboxId);
  }

  /**
   * Fresh signature headers for the event (`POST /api/v1/events/<id>/resign`), computed with the
   * inbox's stored secret and the current time: set them on the request in place of the
   * same-named captured ones (`rehook listen --resign` does). Needs the inbox's owner.
   */
  async resign(eventId: string): Promise<ResignedHeaders> {
    return signatures.resign(this.#api, eventId);
  }

  // --- Event types and schemas (docs/insight.md) ---------------------------------------------

  /** The inbox's event types with counts and first/last seen, most recently seen first. */
  async eventTypes(inboxId: string): Promise<EventTypeInfo[]> {
    return eventTypes.listEventTypes(this.#api, inboxId);
  }

  /** An event type's schema inferred from its captured bodies: JSON Schema, TypeScript or Zod. */
  async eventTypeSchema(inboxId: string, eventType: string, format: SchemaFormat = 'json'): Promise<EventTypeSchema> {
    return eventTypes.eventTypeSchema(this.#api, inboxId, eventType, format);
  }

  /** Has one type (or every type, without `eventType`) learned again in the background. */
  async rebuildEventTypes(inboxId: string, eventType?: string): Promise<void> {
    return eventTypes.rebuildEventTypes(this.#api, inboxId, eventType);
  }

  /** The saved inbox's own event type rule, or null. */
  async eventTypeRule(inboxId: string): Promise<EventTypeRule | null> {
    return eventTypes.eventTypeRule(this.#api, inboxId);
  }

  /** Sets the saved inbox's own rule (`{header}` or `{pointer}`); every type is learned again. */
  async setEventTypeRule(inboxId: string, rule: EventTypeRule): Promise<EventTypeRule> {
    return eventTypes.setEventTypeRule(this.#api, inboxId, rule);
  }

  /** Removes the inbox's own rule; false when it had none. */
  async removeEventTypeRule(inboxId: string): Promise<boolean> {
    return eventTypes.removeEventTypeRule(this.#api, inboxId);
  }

  /** The saved inbox's minimum of samples before drift is judged, and whether it is the default. */
  async eventTypeSettings(inboxId: string): Promise<EventTypeSettings> {
    return eventTypes.eventTypeSettings(this.#api, inboxId);
  }

  /** Sets the saved inbox's minimum of samples (1 to 10,000); every type is learned again. */
  async setEventTypeSettings(inboxId: string, minSamples: number): Promise<EventTypeSettings> {
    return eventTypes.setEventTypeSettings(this.#api, inboxId, minSamples);
  }

  /** Back to the default minimum of samples. */
  async resetEventTypeSettings(inboxId: string): Promise<EventTypeSettings> {
    return eventTypes.resetEventTypeSettings(this.#api, inboxId);
  }

  /**
   * The newest older event of the same inbox with this event's learned type, to compare with;
   * while the event has no type yet (or none: not JSON), the previous one with the same method
   * and path. `matchedBy` says which; `event` is null when none matches.
   */
  async previousOfType(eventId: string): Promise<PreviousOfType> {
    return eventTypes.previousOfType(this.#api, eventId);
  }

  // --- Sending to an inbox ------------------------------------------------------------------

  /**
   * Sends a request to the inbox's ingest URL, as a webhook provider would, and resolves once
   * Rehook has stored it (ingest answers 200 only after the commit).
   */
  async send(inboxId: string, request: SendRequest = {}): Promise<void> {
    return send(this.#api, inboxId, request);
  }

  // --- Events -------------------------------------------------------------------------------

  /** One page of the inbox's events, newest first; `nextBefore` pages on. */
  async events(inboxId: string, options: ListEventsOptions = {}): Promise<EventPage> {
    return events.listEvents(this.#api, inboxId, options);
  }

  /** One event with headers and body (`bodyText`, and `bodyBase64` for the exact bytes). */
  async event(eventId: string): Promise<EventDetail> {
    return events.getEvent(this.#api, eventId);
  }

  /** One event with headers but without its body (read it with `eventBody`). */
  async eventMeta(eventId: string): Promise<EventMeta> {
    return events.getEventMeta(this.#api, eventId);
  }

  /**
   * What differs from event `fromId` to event `toId` (any inboxes the client may read): method
   * and path, query and headers by name, and the body as RFC 6902 operations (JSON), a line diff
   * (text) or a byte comparison. Values are parsed with JSON.parse, so a number past 2^53 loses
   * digits here; `diffText` gives the server's JSON text, where it is exact.
   */
  async diff(fromId: string, toId: string): Promise<EventDiff> {
    return events.diffEvents(this.#api, fromId, toId);
  }

  /** The answer of `diff` as the server's JSON text (`{"data":{"diff":...}}`), numbers exact. */
  async diffText(fromId: string, toId: string): Promise<string> {
    return events.diffEventsText(this.#api, fromId, toId);
  }

  /** Deletes one event with its replays. */
  async deleteEvent(eventId: string): Promise<void> {
    return events.deleteEvent(this.#api, eventId);
  }

  /** The exact captured body bytes. */
  async eventBody(eventId: string): Promise<EventBody> {
    return events.eventBody(this.#api, eventId);
  }

  /**
   * One long-poll (`GET /api/v1/inboxes/<id>/events/next`): the first event newer than `after`
   * (without it, the next one stored after the call) as soon as it is stored, or null when none
   * came within `timeout` (at most 120 s; default 30 s).
   */
  async nextEvent(inboxId: string, options: NextEventOptions = {}): Promise<EventDetail | null> {
    return events.nextEvent(this.#api, inboxId, options);
  }

  /**
   * The first event of the inbox (oldest first) that matches, as soon as there is one: the
   * building block of an end-to-end test that asserts a webhook was sent. Events already in the
   * inbox count, so it does not matter whether the webhook arrived before or after the call
   * (use a fresh inbox per test, or pass `after`: the id of the newest event to skip). Throws
   * RehookTimeoutError when none matched within `timeout` (default 30 s).
   *
   * @example
   * const event = await client.waitForEvent(inbox.id, {
   *   match: { method: 'POST', path: '/orders', json: { status: 'paid' } },
   *   timeout: '10s',
   * });
   */
  async waitForEvent(inboxId: string, options: WaitForEventOptions = {}): Promise<EventDetail> {
    return events.waitForEvent(this.#api, inboxId, options);
  }

  // --- Export --------------------------------------------------------------------------------

  /**
   * A POSIX shell command (sh, bash, zsh) that sends the captured request again to the inbox's
   * public ingest URL, byte for byte (`command`); `omittedHeaders` names the redacted headers
   * (Authorization, Cookie) it leaves out.
   */
  async curl(eventId: string): Promise<CurlCommand> {
    return exporting.curl(this.#api, eventId);
  }

  /**
   * The inbox's events as a HAR 1.2 document (`format: 'har'`, the default) or NDJSON (one
   * event per line), oldest first, with the event list's filters. Resolves once the server has
   * accepted the request (errors such as INBOX_NOT_FOUND are thrown here), then yields the bytes
   * as they arrive: nothing is buffered, so any size fits. Stopping the iteration early (or
   * aborting `signal`) ends the download.
   */
  async exportInbox(inboxId: string, options: ExportInboxOptions = {}): Promise<AsyncIterable<Uint8Array>> {
    return exporting.exportInbox(this.#api, inboxId, options);
  }

  // --- Replays ------------------------------------------------------------------------------

  /**
   * Re-sends the event from the server to `destination` (needs a token), as captured or with
   * the edits of `options` (method, path, query, headers, body or bodyBase64; `resign`). With
   * `repeat` it is sent that many times and every result comes back with a summary.
   */
  async replay(eventId: string, options: ReplayOptions & { readonly repeat: number }): Promise<ReplayRun>;
  async replay(eventId: string, options: ReplayOptions & { readonly repeat?: undefined }): Promise<Replay>;
  async replay(
    eventId: string,
    options: ReplayOptions & { readonly repeat?: number | undefined },
  ): Promise<Replay | ReplayRun> {
    return replays.replay(this.#api, eventId, options);
  }

  /** Replay history of the event, newest first (needs a token). */
  async replays(eventId: string): Promise<Replay[]> {
    return replays.replays(this.#api, eventId);
  }

  // --- Bulk replay jobs ---------------------------------------------------------------------

  /**
   * Starts a bulk replay job (needs a token): the server replays the chosen events of the inbox
   * to `destination`, oldest first, at `ratePerSecond` with `concurrency` sends in flight. It
   * runs in the background; follow it with replayJob or waitForReplayJob.
   *
   * @example
   * const job = await client.createReplayJob(inbox.id, { destination: 'https://staging.example.com/hooks', method: 'POST', since: '2026-11-24T00:00:00Z' });
   * const done = await client.waitForReplayJob(job.id);
   */
  async createReplayJob(inboxId: string, input: ReplayJobInput): Promise<ReplayJob> {
    return replayJobs.createReplayJob(this.#api, inboxId, input);
  }

  /** A job with one page of its results (100 by default; page with `resultsAfter`). */
  async replayJob(
    jobId: string,
    options: { readonly resultsAfter?: number; readonly resultsLimit?: number } = {},
  ): Promise<ReplayJobPage> {
    return replayJobs.replayJob(this.#api, jobId, options);
  }

  /** The inbox's jobs, newest first (of an anonymous inbox: the caller's own). */
  async replayJobs(inboxId: string): Promise<ReplayJob[]> {
    return replayJobs.replayJobs(this.#api, inboxId);
  }

  /** Cancels the job (a finished one stays as it is); returns it as it is afterwards. */
  async cancelReplayJob(jobId: string): Promise<ReplayJob> {
    return replayJobs.cancelReplayJob(this.#api, jobId);
  }

  /**
   * Polls the job (every `interval`, default 500 ms) until it is completed, cancelled or failed
   * and returns it. `onProgress` sees it after every poll. Rejects with an Error when `timeout`
   * (default: none) passes first.
   */
  async waitForReplayJob(jobId: string, options: WaitForReplayJobOptions = {}): Promise<ReplayJob> {
    return replayJobs.waitForReplayJob(this.#api, jobId, options);
  }

  // --- Tokens -------------------------------------------------------------------------------

  async tokens(): Promise<Token[]> {
    return tokens.listTokens(this.#api);
  }

  /** Creates a token for the caller's account; the secret is in this answer only. */
  async createToken(name: string, limits: TokenLimits = {}): Promise<CreatedToken> {
    return tokens.createToken(this.#api, name, limits);
  }

  // --- Account settings -----------------------------------------------------------------------

  /** The caller's account, and the API token used (null with a session). Any scope may ask. */
  async account(): Promise<{ account: Account; token: Token | null }> {
    return settings.getAccount(this.#api);
  }

  /**
   * Changes e-mail and/or display name (null removes it). A new e-mail address needs
   * `currentPassword` (an account with a password) or a recent sign-in (one without).
   */
  async updateAccount(profile: {
    email?: string;
    displayName?: string | null;
    currentPassword?: string;
  }): Promise<Account> {
    return settings.updateAccount(this.#api, profile);
  }

  /** Whether the account is linked to the server's single sign-on provider. */
  async singleSignOnLink(): Promise<SingleSignOnLink> {
    return settings.singleSignOnLink(this.#api);
  }

  /** Starts linking the signed-in browser's account to the provider: the URL to open. */
  async startSingleSignOnLink(): Promise<string> {
    return settings.startSingleSignOnLink(this.#api);
  }

  /** Changes the password with the current one; every other session ends. */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    return settings.changePassword(this.#api, currentPassword, newPassword);
  }

  /** Every signed-in browser of the account, most recently used first. */
  async accountSessions(): Promise<AccountSession[]> {
    return settings.listSessions(this.#api);
  }

  async endAccountSession(sessionId: string): Promise<void> {
    return settings.endSession(this.#api, sessionId);
  }

  /** Signs out every other browser; returns how many were signed out. */
  async endOtherAccountSessions(): Promise<number> {
    return settings.endOtherSessions(this.#api);
  }

  /**
   * Deletes the account with everything it owns: confirmed with the password, or, for an account
   * without one (made by single sign-on, `hasPassword` false), with `{ email }`.
   */
  async deleteAccount(confirmation: string | { email: string }): Promise<void> {
    return settings.deleteAccount(this.#api, confirmation);
  }

  async revokeToken(tokenId: string): Promise<void> {
    return tokens.revokeToken(this.#api, tokenId);
  }

  // --- Teams (docs/teams.md) ---------------------------------------------------------------

  /** The caller's teams, with its role in each. */
  async teams(): Promise<Team[]> {
    return teams.listTeams(this.#api);
  }

  /** Creates a team; the caller is its owner. */
  async createTeam(name: string): Promise<Team> {
    return teams.createTeam(this.#api, name);
  }

  async team(teamId: string): Promise<Team> {
    return teams.getTeam(this.#api, teamId);
  }

  async renameTeam(teamId: string, name: string): Promise<Team> {
    return teams.renameTeam(this.#api, teamId, name);
  }

  /** Deletes the team with its inboxes (owners only). */
  async deleteTeam(teamId: string): Promise<void> {
    return teams.deleteTeam(this.#api, teamId);
  }

  async teamMembers(teamId: string): Promise<TeamMember[]> {
    return teams.listMembers(this.#api, teamId);
  }

  async setTeamMemberRole(teamId: string, accountId: string, role: TeamRole): Promise<TeamMember> {
    return teams.setMemberRole(this.#api, teamId, accountId, role);
  }

  /** Removes a member; with one's own account id, leaves the team. */
  async removeTeamMember(teamId: string, accountId: string): Promise<void> {
    return teams.removeMember(this.#api, teamId, accountId);
  }

  /** An invitation link with a role; its token and `/join/<token>` path are shown this once. */
  async createTeamInvitation(
    teamId: string,
    options: { readonly role: TeamRole; readonly expiresInHours?: number },
  ): Promise<CreatedTeamInvitation> {
    return teams.createInvitation(this.#api, teamId, options);
  }

  async teamInvitations(teamId: string): Promise<TeamInvitation[]> {
    return teams.listInvitations(this.#api, teamId);
  }

  async revokeTeamInvitation(teamId: string, invitationId: string): Promise<void> {
    return teams.revokeInvitation(this.#api, teamId, invitationId);
  }

  /** What an invitation link offers before joining (INVITATION_NOT_FOUND when it cannot be used). */
  async getTeamInvitation(token: string): Promise<TeamInvitationPreview> {
    return teams.getInvitation(this.#api, token);
  }

  /** Joins the team of an invitation link (INVITATION_NOT_FOUND when expired, used or revoked). */
  async acceptTeamInvitation(token: string): Promise<Team> {
    return teams.acceptInvitation(this.#api, token);
  }

  /** Moves a saved inbox to a team (`{teamId}`) or to the calling account (`'me'`). */
  async moveInbox(inboxId: string, to: { readonly teamId: string } | 'me'): Promise<Inbox> {
    return teams.moveInbox(this.#api, inboxId, to);
  }

  // --- Audit logs (docs/teams.md, "Audit log") ----------------------------------------------

  /** A page of the caller's own audit log, newest first; `nextBefore` leads to the next. */
  async accountAudit(options: AuditPageOptions = {}): Promise<AuditPage> {
    return audit.accountAudit(this.#api, options);
  }

  /** A page of a team's audit log (owners and admins; FORBIDDEN for other roles). */
  async teamAudit(teamId: string, options: AuditPageOptions = {}): Promise<AuditPage> {
    return audit.teamAudit(this.#api, teamId, options);
  }

  // --- Sharing links -----------------------------------------------------------------------

  /**
   * Creates a read-only sharing link of a saved inbox of the caller's. The answer carries the
   * link's token (shown this once) and `path`, its page in the web app (`/s/<token>`).
   */
  async createShare(inboxId: string): Promise<CreatedShare> {
    return shares.createShare(this.#api, inboxId);
  }

  /** The sharing links of a saved inbox of the caller's, newest first (without their tokens). */
  async shares(inboxId: string): Promise<Share[]> {
    return shares.listShares(this.#api, inboxId);
  }

  /** Revokes a sharing link: it stops working at once, its open streams included. */
  async revokeShare(inboxId: string, shareId: string): Promise<void> {
    return shares.revokeShare(this.#api, inboxId, shareId);
  }

  /** The inbox a sharing link reads (SHARE_NOT_FOUND when it is unknown or revoked). */
  async resolveShare(token: string): Promise<Inbox> {
    return shares.resolveShare(this.#api, token);
  }

  /**
   * The URL of the inbox's live stream (server-sent events) for an EventSource, which cannot
   * set headers: a sharing-link client puts its link in the query (`share=`). Cookie mode needs
   * nothing more (the browser sends the cookie); a token cannot travel this way.
   */
  streamUrl(inboxId: string, options: { readonly lastEventId?: string } = {}): string {
    return shares.streamUrl(this.#api, inboxId, options);
  }

  // --- Automatic forwarding ------------------------------------------------------------------

  /** The inbox's automatic forwarding; null when none is set. Owner of a saved inbox only. */
  async forwarding(inboxId: string): Promise<Forwarding | null> {
    return forwarding.forwarding(this.#api, inboxId);
  }

  /**
   * Sets (replaces) the inbox's automatic forwarding: every event stored from now on is
   * delivered to `destination` in the background, retried until `attempts` run out.
   */
  async setForwarding(inboxId: string, settings: ForwardingInput): Promise<Forwarding> {
    return forwarding.setForwarding(this.#api, inboxId, settings);
  }

  /** Removes the inbox's forwarding; resolves with how many unfinished deliveries were cancelled. */
  async removeForwarding(inboxId: string): Promise<number> {
    return forwarding.removeForwarding(this.#api, inboxId);
  }

  /** The event's deliveries (zero or one) with every attempt. */
  async deliveries(eventId: string): Promise<Delivery[]> {
    return forwarding.deliveries(this.#api, eventId);
  }

  /** Queues the event's delivery again (a failed, cancelled or delivered one, or a first one). */
  async retryDelivery(eventId: string): Promise<Delivery> {
    return forwarding.retryDelivery(this.#api, eventId);
  }

  // --- Alerts ----------------------------------------------------------------------------------

  /** The inbox's alert rules (empty when none are set). Owner of a saved inbox only. */
  async alerts(inboxId: string): Promise<AlertRule[]> {
    return alerts.alerts(this.#api, inboxId);
  }

  /** Replaces the inbox's alert rules; resolves with them as stored (each with its id). */
  async setAlerts(inboxId: string, rules: readonly AlertRuleInput[]): Promise<AlertRule[]> {
    return alerts.setAlerts(this.#api, inboxId, rules);
  }

  /** Removes every alert rule of the inbox; resolves with how many unsent notifications were cancelled. */
  async removeAlerts(inboxId: string): Promise<number> {
    return alerts.removeAlerts(this.#api, inboxId);
  }

  /** The inbox's recent alert notifications (newest first, at most 50), each with its attempts. */
  async alertDeliveries(inboxId: string): Promise<AlertDelivery[]> {
    return alerts.alertDeliveries(this.#api, inboxId);
  }
}
