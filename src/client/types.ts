/**
 * Types of the Rehook client. The API's JSON shapes are those of the OpenAPI document
 * (openapi-types.ts is generated from openapi.json; the suite fails when it drifts), so the
 * client cannot disagree with the server about a field.
 */
import type { components } from './openapi-types.js';

type Schemas = components['schemas'];

/** One header as received: [name, value], original name case, value as Latin-1 code points. */
export type HeaderPair = Schemas['HeaderPair'];
export type Inbox = Schemas['Inbox'];
/** A captured request without headers and body, as event lists return it. */
export type EventSummary = Schemas['EventSummary'];
/** A captured request with everything that was stored. */
export type EventDetail = Schemas['EventDetail'];
/** One replay attempt and what the destination answered. */
export type Replay = Schemas['Replay'];
export type ReplayOutcome = Replay['outcome'];
/** An API token without its secret. */
export type Token = Schemas['Token'];
/** The creation answer: the only time the token itself is returned. */
export type CreatedToken = Schemas['CreatedToken'];
/** A read-only sharing link of an inbox, without its token. */
export type Share = Schemas['Share'];
/** The creation answer of a sharing link: the only time its token is returned. */
export type CreatedShare = Schemas['CreatedShare'];
/** A user account. */
export type Account = Schemas['Account'];
/** A signed-in browser session: the account, and the CSRF token writes must carry. */
export type Session = Schemas['Session'];

/** E-mail address and password, for signUp and signIn. */
export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** Every error code of the API (docs/errors.md). */
export type ErrorCode = Schemas['ErrorCode'];
/** Body of every error answer. */
export type ErrorBody = Schemas['ErrorBody'];

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
