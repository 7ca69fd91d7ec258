import { grantedScopes } from '../../../domain/token-scope.js';
import { isUtf8 } from 'node:buffer';
import type { Account, ApiToken } from '../../../domain/account.js';
import type { CapturedEvent } from '../../../domain/captured-event.js';
import { eventSummaryJson } from '../../../domain/event-json.js';
import { isId } from '../../../domain/ids.js';
import { isSaved, type InboxWithStats } from '../../../domain/inbox.js';
import type { ReplayRecord } from '../../../domain/replay.js';
import type { SentRequest } from '../../../domain/replay-request.js';
import type { Share } from '../../../domain/share.js';
import type { InboxAccess } from '../../../services/inboxes.js';
import { sharePath } from '../../../services/shares.js';
import type { CreatedShareJson, ShareJson } from './schemas.js';
import type {
  AccountJson,
  EventDetailJson,
  EventMetaJson,
  InboxJson,
  ReplayJson,
  ReplayRequestJson,
  TokenJson,
} from './schemas.js';

/** JSON shapes of the API, decided in one place. Field names are camelCase. */

/** The inbox as the API shows it, with what the caller may do with it (services/inboxes.ts inboxAccess). */
export function inboxJson(inbox: InboxWithStats, ingestOrigin: string, access: InboxAccess): InboxJson {
  const ingestUrl = `/i/${inbox.id}`;
  return {
    id: inbox.id,
    ingestUrl,
    url: ingestOrigin + ingestUrl,
    name: inbox.name,
    saved: isSaved(inbox),
    teamId: inbox.ownerId !== null && isId('team', inbox.ownerId) ? inbox.ownerId : null,
    expiresAt: inbox.expiresAt?.toISOString() ?? null,
    createdAt: inbox.createdAt.toISOString(),
    eventCount: inbox.eventCount,
    lastEventAt: inbox.lastEventAt?.toISOString() ?? null,
    role: access.role,
    permissions: { ...access.permissions },
  };
}

// The event summary's JSON is part of the store port's contract too (the SQLite adapter encodes
// the event list itself), so it lives in the domain; re-exported here with the other API shapes.
export { eventSummaryJson, eventSummaryPageJson } from '../../../domain/event-json.js';

/**
 * The full event. Header values are the received bytes as latin1 code points (what Node's
 * parser gives). The body is always in `bodyBase64` (exact bytes); `bodyText` holds it decoded
 * as UTF-8 when, and only when, the bytes are valid UTF-8.
 */
export function eventJson(event: CapturedEvent): EventDetailJson {
  const { bodyUrl, ...meta } = eventMetaJson(event);
  return {
    ...meta,
    bodyBase64: event.body.toString('base64'),
    bodyText: isUtf8(event.body) ? event.body.toString('utf8') : null,
    bodyUrl,
  };
}

/**
 * The event without its body: a 10 MiB body costs ~24 MB of JSON (base64 and text) to encode,
 * send and parse, while its bytes alone come from `bodyUrl`.
 */
export function eventMetaJson(event: CapturedEvent): EventMetaJson {
  return {
    ...eventSummaryJson(event),
    sourceIp: event.sourceIp,
    headers: event.headers.map(([name, value]): [string, string] => [name, value]),
    bodyUrl: `/api/v1/events/${event.id}/body`,
  };
}

/**
 * A replay record. `responseBody` is the destination's body as a string: UTF-8 text
 * when the bytes are valid UTF-8, otherwise base64, as `responseBodyEncoding` says.
 */
export function replayJson(replay: ReplayRecord, opts: { readonly omitRequestBody?: boolean } = {}): ReplayJson {
  const text = isUtf8(replay.responseBody);
  return {
    id: replay.id,
    eventId: replay.eventId,
    accountId: replay.accountId,
    destination: replay.destination,
    createdAt: replay.createdAt.toISOString(),
    outcome: replay.outcome,
    statusCode: replay.statusCode,
    latencyMs: replay.latencyMs === null ? null : Math.round(replay.latencyMs * 100) / 100,
    responseHeaders: replay.responseHeaders.map(([name, value]): [string, string] => [name, value]),
    responseBody: replay.responseBody.toString(text ? 'utf8' : 'base64'),
    responseBodyEncoding: text ? 'utf8' : 'base64',
    truncated: replay.truncated,
    error: replay.errorCode === null ? null : { code: replay.errorCode, message: replay.errorMessage ?? '' },
    request: replay.request ? replayRequestJson(replay.request, opts.omitRequestBody === true) : null,
    jobId: replay.jobId ?? null,
  };
}

/**
 * Edited request bodies a list of replays carries at most, newest first; later ones are left
 * out (`bodyOmitted`). A hundred replays of a 10 MiB edited body would otherwise make one JSON
 * answer larger than a JavaScript string can be.
 */
export const REPLAY_LIST_BODY_BUDGET_BYTES = 32 * 1024 * 1024;

/** Replays for a list answer: every edited body until {@link REPLAY_LIST_BODY_BUDGET_BYTES} is spent. */
export function replayListJson(replays: readonly ReplayRecord[], budget = REPLAY_LIST_BODY_BUDGET_BYTES): ReplayJson[] {
  let left = budget;
  return replays.map((replay) => {
    const size = replay.request?.body?.length ?? 0;
    const omit = size > left;
    if (!omit) left -= size;
    return replayJson(replay, { omitRequestBody: omit });
  });
}

/** What a replay sent; the body only when it was edited (else the event's own bytes went). */
export function replayRequestJson(request: SentRequest, omitBody = false): ReplayRequestJson {
  const body = omitBody ? null : request.body;
  const text = body !== null && isUtf8(body);
  const overrides = request.overrides;
  return {
    method: request.method,
    url: request.url,
    headers: request.headers.map(([name, value]): [string, string] => [name, value]),
    body: body === null ? null : body.toString(text ? 'utf8' : 'base64'),
    bodyEncoding: body === null ? null : text ? 'utf8' : 'base64',
    bodySize: request.bodySize,
    bodyOmitted: omitBody && request.body !== null,
    edited: overrides !== null,
    overrides:
      overrides === null
        ? null
        : {
            ...(overrides.method === undefined ? {} : { method: overrides.method }),
            ...(overrides.path === undefined ? {} : { path: overrides.path }),
            ...(overrides.query === undefined ? {} : { query: overrides.query }),
            ...(overrides.setHeaders
              ? { setHeaders: overrides.setHeaders.map(([n, v]): [string, string] => [n, v]) }
              : {}),
            ...(overrides.removeHeaders ? { removeHeaders: [...overrides.removeHeaders] } : {}),
            ...(overrides.body === undefined ? {} : { body: overrides.body }),
          },
    resigned: request.resigned,
  };
}

/** A token without its secret (only the creation response carries the plaintext). */
/** An account as the API shows it: never its password hash. */
export function accountJson(account: Account): AccountJson {
  return {
    id: account.id,
    email: account.email,
    displayName: account.displayName,
    createdAt: account.createdAt.toISOString(),
    hasPassword: account.passwordHash !== null,
  };
}

export function tokenJson(token: ApiToken): TokenJson {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    revokedAt: token.revokedAt?.toISOString() ?? null,
    scopes: grantedScopes(token.scope),
    inboxIds: token.inboxIds === null ? null : [...token.inboxIds],
    teamId: token.teamId,
    expiresAt: token.expiresAt?.toISOString() ?? null,
  };
}

/** A sharing link without its token (only the creation answer carries it). */
export function shareJson(share: Share): ShareJson {
  return { id: share.id, inboxId: share.inboxId, prefix: share.prefix, createdAt: share.createdAt.toISOString() };
}

/** A new sharing link with its token and the path of its page: the only time the token is shown. */
export function createdShareJson(share: Share, token: string): CreatedShareJson {
  return { ...shareJson(share), token, path: sharePath(token) };
}
