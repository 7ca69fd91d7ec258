/**
 * Types of the Rehook client. The API's JSON shapes are those of the OpenAPI document
 * (generated/openapi-types.ts is made from openapi.json; `npm test` fails when it drifts), so the
 * client cannot disagree with the server about a field.
 */
import type { components, operations } from './generated/openapi-types.js';

type Schemas = components['schemas'];

// --- The API's JSON shapes, as the OpenAPI document names them ----------------------------

/** One header as received: [name, value], original name case, value as Latin-1 code points. */
export type HeaderPair = Schemas['HeaderPair'];
export type Inbox = Schemas['Inbox'];
/** A captured request without headers and body, as event lists return it. */
export type EventSummary = Schemas['EventSummary'];
/** A captured request with everything that was stored. */
export type EventDetail = Schemas['EventDetail'];
/** An event without its body (`bodyUrl` serves the bytes). */
export type EventMeta = Schemas['EventMeta'];
/** One event type of an inbox (GET /api/v1/inboxes/<id>/event-types; docs/insight.md). */
export type EventTypeInfo =
  operations['listEventTypes']['responses'][200]['content']['application/json']['data']['eventTypes'][number];
/** An event type's inferred schema in one format. */
export type EventTypeSchema =
  operations['getEventTypeSchema']['responses'][200]['content']['application/json']['data']['schema'];
export type SchemaFormat = EventTypeSchema['format'];
/** The previous event of an event's type (or, while it has none, of its method and path). */
export type PreviousOfType =
  operations['previousEventOfType']['responses'][200]['content']['application/json']['data']['previous'];
/** An inbox's own event type rule: `{header}` or `{pointer}`. */
export type EventTypeRule = operations['setEventTypeRule']['requestBody']['content']['application/json'];
/** How an inbox learns its event types: the minimum of samples for drift (docs/insight.md "Drift"). */
export type EventTypeSettings =
  operations['getEventTypeSettings']['responses'][200]['content']['application/json']['data']['settings'];
/** One difference of a drifted event. */
export type DriftDifference = NonNullable<EventSummary['drift']>[number];
/** One replay attempt and what the destination answered. */
export type Replay = Schemas['Replay'];
export type ReplayOutcome = Replay['outcome'];
/** An inbox's response (GET/PUT /api/v1/inboxes/<id>/response; docs/responses.md). */
export type InboxResponse = Schemas['InboxResponse'];
/** One answer of the ingest listener: status, headers, body (text or base64), delayMs. */
export type ResponseAnswer = Schemas['ResponseAnswer'];
export type ResponseRule = Schemas['ResponseRule'];
/** What a response would answer a captured event, templates rendered (POST .../responses/preview). */
export type ResponsePreview = Schemas['ResponsePreview'];
/** What RehookClient.setInboxResponse takes: every field optional (status 200, no headers, empty body, no delay). */
export type InboxResponseInput = operations['setInboxResponse']['requestBody']['content']['application/json'];
/** A curl command that sends a captured request again (GET /api/v1/events/<id>/curl). */
export type CurlCommand = Schemas['CurlCommand'];
/** What differs from one event to another (GET /api/v1/events/<id>/diff; docs/insight.md). */
export type EventDiff = Schemas['EventDiff'];
/** One RFC 6902 operation of a JSON body diff; `from` is the value before the change. */
export type JsonPatchOperation = Schemas['JsonPatchOperation'];
/** An inbox's signature settings, never the secret (GET/PUT /api/v1/inboxes/<id>/signature; docs/signatures.md). */
export type SignatureSettings = Schemas['SignatureSettings'];
/** What RehookClient.setSignatureSettings takes: the scheme, the secret and the scheme's options. */
export type SignatureSettingsInput = operations['setSignatureSettings']['requestBody']['content']['application/json'];
/** What a replay sent (`replay.request`): method, URL, headers, the edited body, the overrides. */
export type ReplayRequest = Schemas['ReplayRequest'];
/** Totals of a repeated replay. */
export type ReplaySummary = Schemas['ReplaySummary'];
/** What createReplayJob takes: a destination and which events (docs/bulk-replay.md). */
export type ReplayJobInput = Omit<Schemas['ReplayJobInput'], 'ratePerSecond' | 'concurrency' | 'resign'> & {
  /** Default 10. */
  readonly ratePerSecond?: number;
  /** Default 1. */
  readonly concurrency?: number;
  /** Re-sign each send with the inbox's secret and a fresh timestamp. Default false. */
  readonly resign?: boolean;
};
/** A bulk replay job: state, counts, progress. */
export type ReplayJob = Schemas['ReplayJob'];
export type ReplayJobState = ReplayJob['state'];
/** What replaying one event of a job came to. */
export type ReplayJobResult = Schemas['ReplayJobResult'];
/** An API token without its secret. */
export type Token = Schemas['Token'];
/** The creation answer: the only time the token itself is returned. */
export type CreatedToken = Schemas['CreatedToken'];
/** A read-only sharing link of an inbox, without its token. */
export type Share = Schemas['Share'];
/** The creation answer of a sharing link: the only time its token is returned. */
export type CreatedShare = Schemas['CreatedShare'];
/** An inbox's automatic forwarding. */
export type Forwarding = Schemas['Forwarding'];
/** The delivery of an event to its inbox's forwarding destination, with its attempts. */
export type Delivery = Schemas['Delivery'];
/** One attempt to deliver an event. */
export type DeliveryAttempt = Schemas['DeliveryAttempt'];
/** A rule that notifies a URL when something happens to an inbox (docs/insight.md, "Alerts"). */
export type AlertRule = Schemas['AlertRule'];
/** A notification of an alert rule, with its attempts. */
export type AlertDelivery = Schemas['AlertDelivery'];
/** One attempt to send an alert notification. */
export type AlertAttempt = Schemas['AlertAttempt'];
/** A user account. */
export type Account = Schemas['Account'];
/** A signed-in browser of the account, as Settings lists it. */
export type AccountSession = Schemas['AccountSession'];
/** What a new API token may do: scopes, inboxes, team, expiry (all optional; default: everything). */
export interface TokenLimits {
  readonly scopes?: ReadonlyArray<'read' | 'replay' | 'manage'>;
  readonly inboxIds?: readonly string[] | null;
  readonly teamId?: string | null;
  /** ISO 8601, in the future. */
  readonly expiresAt?: string | null;
}
/** A team with the caller's role in it. */
export type Team = Schemas['Team'];
export type TeamRole = Schemas['TeamRole'];
export type TeamMember = Schemas['TeamMember'];
/** An unused invitation link, without its token. */
export type TeamInvitation = Schemas['TeamInvitation'];
/** A new invitation link: its token and `/join/<token>` path are shown this once. */
export type CreatedTeamInvitation = Schemas['CreatedTeamInvitation'];
/** What an invitation link offers (team, role, maker), read before joining. */
export type TeamInvitationPreview = Schemas['TeamInvitationPreview'];
/** One entry of an audit log (docs/teams.md, "Audit log"). */
export type AuditEntry = Schemas['AuditEntry'];
/** A page of an audit log, newest first, and the cursor of the next one (null at the oldest). */
export interface AuditPage {
  readonly entries: AuditEntry[];
  readonly nextBefore: string | null;
}
/** Which page of an audit log: its size, the cursor, and the optional filters. */
export interface AuditPageOptions {
  readonly limit?: number;
  readonly before?: string | null;
  readonly action?: string;
  readonly actor?: string;
}
/** A signed-in browser session: the account, and the CSRF token writes must carry. */
export type Session = Schemas['Session'];
/** Every error code of the API (docs/generated/errors.md). */
export type ErrorCode = Schemas['ErrorCode'];
/** Body of every error answer. */
export type ErrorBody = Schemas['ErrorBody'];

// --- What the client's methods take and give beyond those --------------------------------

/**
 * Filters of an inbox's events, as the API takes them (docs/search.md): every part narrows the
 * result. Repeatable parts take an array.
 */
export interface EventFilterParams {
  /** Methods (any case). */
  readonly method?: string | readonly string[];
  /** Prefix of the path below the inbox, e.g. `/stripe`. */
  readonly path?: string;
  /** `name` (present) or `name:value` (exact value). */
  readonly header?: string | readonly string[];
  /** Text in the path, query, a header or the body. */
  readonly q?: string;
  /** `field.path=value` on JSON bodies, or `field.path` to exist. */
  readonly json?: string | readonly string[];
  /** ISO 8601 time or event id: received at or after. */
  readonly since?: string;
  /** ISO 8601 time or event id: received before. */
  readonly until?: string;
}

/** Options of RehookClient.exportInbox. */
export interface ExportInboxOptions {
  /** Default `har`. */
  readonly format?: 'har' | 'ndjson';
  readonly filter?: EventFilterParams;
  readonly signal?: AbortSignal;
}

/** A job with one page of its results (replay order). */
export interface ReplayJobPage {
  readonly job: ReplayJob;
  readonly results: ReplayJobResult[];
  /** Pass as `resultsAfter` for the next page; null on the last one. */
  readonly nextResultsAfter: number | null;
}

/** The answer of a replay with `repeat`: every attempt in order, and the totals. */
export interface ReplayRun {
  readonly replays: Replay[];
  readonly summary: ReplaySummary;
}

/** Destination and edits of `RehookClient.replay` (docs/replay.md). */
export interface ReplayOptions {
  /** Absolute http or https URL. */
  readonly destination: string;
  /** Send this method instead of the event's. */
  readonly method?: string;
  /** Appended to the destination's path. */
  readonly path?: string;
  /** Replaces the destination's query ('' removes it). */
  readonly query?: string;
  /** `remove` names first, then `set` (each name replaces all same-named headers). */
  readonly headers?: {
    readonly set?: Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]>;
    readonly remove?: readonly string[];
  };
  /** Send this text (UTF-8) as the body. Not with bodyBase64. */
  readonly body?: string;
  /** Send these bytes (base64) as the body. Not with body. */
  readonly bodyBase64?: string;
  /** Recompute the inbox's signature headers with a fresh timestamp after the edits. */
  readonly resign?: boolean;
  /** Send it this many times (1-100), one after the other. */
  readonly repeat?: number;
}

/** What setForwarding takes (the request schema's body); left-out fields get their defaults. */
export type ForwardingInput = operations['setForwarding']['requestBody']['content']['application/json'];

/**
 * A rule as setAlerts takes it: an AlertRule whose id (kept when sent back), format (json) and
 * enabled (true) may be left out.
 */
export type AlertRuleInput = Omit<AlertRule, 'id' | 'format' | 'enabled'> & {
  readonly id?: string;
  readonly format?: AlertRule['format'];
  readonly enabled?: boolean;
};

/** E-mail address and password, for signUp and signIn. */
/** How people sign in to the server (GET /api/v1/auth/methods): what the sign-in page offers. */
export interface SignInMethods {
  readonly password: boolean;
  readonly signup: boolean;
  /** Single sign-on: the provider's name and the URL to open in the browser, or null when not set up. */
  readonly singleSignOn: { readonly name: string; readonly startUrl: string } | null;
}

/** The account's link to the server's single sign-on provider (GET /api/v1/account/single-sign-on). */
export interface SingleSignOnLink {
  /** The provider's name, as on the sign-in button. */
  readonly name: string;
  readonly linked: boolean;
  /** When it was linked (ISO 8601), or null. */
  readonly linkedAt: string | null;
}

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** One page of events, newest first. */
export interface EventPage {
  readonly events: EventSummary[];
  /** Pass as `before` to get the next (older) page; null on the last page. */
  readonly nextBefore: string | null;
}

/** The raw bytes of a captured body with the content type the API served them as. */
export interface EventBody {
  readonly contentType: string | null;
  readonly bytes: Uint8Array;
}

/** Fresh signature headers of an event (`RehookClient.resign`). */
export interface ResignedHeaders {
  /** The inbox's signature scheme, e.g. `stripe`. */
  readonly scheme: string;
  /** The signature headers to set, replacing same-named captured headers (case-insensitively). */
  readonly headers: HeaderPair[];
}

/** A duration: milliseconds, or a string such as `500ms`, `30s`, `2m`. */
export type Duration = number | string;

/** A request to send to an inbox's ingest URL, as a webhook provider would. */
export interface SendRequest {
  /** Default POST. */
  readonly method?: string;
  /** Path below the inbox, e.g. `/stripe` for `/i/<id>/stripe`. Default: the inbox itself. */
  readonly path?: string;
  /** Query string (without `?`), or parameters. */
  readonly query?: string | Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>> | readonly HeaderPair[];
  /** Raw body. */
  readonly body?: string | Uint8Array;
  /** A JSON body (sets `Content-Type: application/json` unless a content type is given). */
  readonly json?: unknown;
}

/**
 * What `waitForEvent` waits for: a predicate, or a pattern every part of which must hold.
 * `path` is the full path (`/i/<id>/stripe`) or the part below the inbox (`/stripe`); `json`
 * matches when the body is JSON and contains the pattern (objects: these keys with matching
 * values, recursively; arrays and other values: equal); `headers` compares names case-insensitively.
 */
export type EventMatch =
  | ((event: EventDetail) => boolean)
  | {
      readonly method?: string;
      readonly path?: string;
      readonly headers?: Readonly<Record<string, string>>;
      readonly json?: unknown;
    };

export interface WaitForEventOptions {
  /** Which event; default: the first one. */
  readonly match?: EventMatch;
  /** Only events newer than this event id; default: every event of the inbox, oldest first. */
  readonly after?: string;
  /** Default 30 s; may exceed the server's 120 s per poll (the client polls again). */
  readonly timeout?: Duration;
  readonly signal?: AbortSignal;
}

export interface NextEventOptions {
  readonly after?: string;
  /** How long the server waits, 0 to 120 s (default 30 s). */
  readonly timeout?: Duration;
  readonly signal?: AbortSignal;
}
