import type { InboxAction } from '../domain/team.js';
import type { HeaderPair, SignatureCheck } from '../domain/captured-event.js';
import { AppError } from '../errors.js';
import { SecretBoxError, type SecretBox } from '../ports/secret-box.js';
import type { SignatureKeys } from '../ports/signature-keys.js';
import type { SignatureSettingsRepository, StoredSignatureSettings } from '../ports/signature-settings-repository.js';
import type { Store } from '../ports/store.js';
import { replaceHeaders, signatureHeaders, verifySignature } from '../signatures/schemes.js';
import {
  isSchemeName,
  optionsFromJson,
  optionsToJson,
  parseSignatureSettings,
  secretHint,
  SettingsError,
  type SchemeName,
  type SignatureSettings,
} from '../signatures/settings.js';
import { requireAccount } from './auth.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getEvent } from './events.js';
import { authorizeInbox, findLiveInbox } from './inboxes.js';
import { ShortLivedCache } from './short-lived-cache.js';

/**
 * Signatures (docs/signatures.md): per inbox, its owner stores the secret its sender signs with.
 * Ingest checks every request's signature before the event is stored (`checkCapturedSignature`);
 * replays and `rehook listen --resign` get fresh signatures (`resignRequest`, `resignEvent`).
 * The secret is sealed with the server key before it reaches the store, opened once per cache
 * fill, and never returned, logged or put in an error message.
 */

type SignatureDeps = Pick<ServiceDeps, 'store' | 'clock' | 'signatureKeys'>;

/** The settings as the API shows them: never the secret. */
export interface SignatureSettingsView {
  readonly scheme: SchemeName;
  /** The secret's last 4 characters when it is long enough to spare them, else null. */
  readonly secretHint: string | null;
  readonly toleranceSeconds: number | null;
  readonly header: string | null;
  readonly encoding: 'hex' | 'base64' | null;
  readonly prefix: string | null;
  readonly updatedAt: Date;
}

function viewOf(stored: StoredSignatureSettings): SignatureSettingsView {
  // Only known schemes are ever written; an unknown one would come from a newer Rehook.
  const scheme = isSchemeName(stored.scheme) ? stored.scheme : 'hmac-sha256';
  return {
    scheme,
    secretHint: stored.secretHint,
    ...optionsFromJson(scheme, stored.options),
    updatedAt: stored.updatedAt,
  };
}

/**
 * The inbox whose signature settings the caller manages: live and owned by the caller's account.
 * UNAUTHORIZED without an account (SHARE_READ_ONLY for a link), INBOX_NOT_FOUND for an unknown,
 * expired or another account's inbox, INBOX_NOT_SAVED for an anonymous one (docs/decisions.md
 * 24: its id is a capability handed to everyone it is shared with, and a secret stored there
 * would let all of them sign anything with it).
 */
async function ownedInbox(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  principal: Principal,
  inboxId: string,
  action: InboxAction = 'manage',
) {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  requireAccount(principal);
  const inbox = await findLiveInbox(deps, inboxId);
  if (inbox.ownerId === null) {
    throw new AppError('INBOX_NOT_SAVED', {
      message: 'Only a saved inbox can have a signature secret: save the inbox first',
    });
  }
  await authorizeInbox(deps, principal, inbox, action);
  return inbox;
}

/** The inbox's settings without the secret, or null when none are set. */
export async function getSignatureSettings(
  deps: SignatureDeps,
  principal: Principal,
  inboxId: string,
): Promise<SignatureSettingsView | null> {
  const inbox = await ownedInbox(deps, principal, inboxId, 'read');
  const stored = await deps.store.signatures.find(inbox.id);
  return stored === null ? null : viewOf(stored);
}

/**
 * Sets (or replaces) the inbox's signature settings from the body of
 * `PUT /api/v1/inboxes/<id>/signature` (VALIDATION_FAILED naming the field and the problem, never
 * the secret). This process's ingest uses them from the next request on; other instances within
 * SIGNATURE_CACHE_MAX_AGE_MS.
 */
export async function setSignatureSettings(
  deps: SignatureDeps,
  principal: Principal,
  inboxId: string,
  body: unknown,
): Promise<SignatureSettingsView> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  let settings: SignatureSettings;
  try {
    settings = parseSignatureSettings(body);
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    throw new AppError('VALIDATION_FAILED', {
      message: `Invalid signature settings: ${err.message}`,
      details: [{ path: err.path, message: err.message }],
    });
  }
  let sealedSecret: string;
  try {
    sealedSecret = deps.signatureKeys.box.seal(settings.secret, inbox.id);
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    throw new AppError('STORAGE_UNAVAILABLE', {
      message: `The secret cannot be stored encrypted on this server: ${err.message}`,
    });
  }
  const stored: StoredSignatureSettings = {
    inboxId: inbox.id,
    scheme: settings.scheme,
    sealedSecret,
    secretHint: secretHint(settings.secret),
    options: optionsToJson(settings.options),
    updatedAt: deps.clock.now(),
  };
  try {
    // Conditional on the owner seen above: a deletion of the inbox in between wins.
    if (!(await deps.store.signatures.put(stored, inbox.ownerId as string))) throw new AppError('INBOX_NOT_FOUND');
  } finally {
    signatureCacheFor(deps.store).invalidate(inbox.id);
  }
  return viewOf(stored);
}

/** Removes the inbox's signature settings (none set is fine): its events are `unchecked` again. */
export async function removeSignatureSettings(
  deps: SignatureDeps,
  principal: Principal,
  inboxId: string,
): Promise<void> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  try {
    await deps.store.signatures.delete(inbox.id);
  } finally {
    signatureCacheFor(deps.store).invalidate(inbox.id);
  }
}

// ---------------------------------------------------------------------------------------------
// Settings with their secret opened, through a short-lived per-process cache.
// ---------------------------------------------------------------------------------------------

/** How old cached settings may be when used: other instances' changes show within this. */
export const SIGNATURE_CACHE_MAX_AGE_MS = 1000;

/** Opened settings, or why the stored ones cannot be used. */
export type LoadedSettings =
  | { readonly ok: true; readonly settings: SignatureSettings }
  | { readonly ok: false; readonly scheme: string; readonly reason: string };

/**
 * Each inbox's settings (or their absence) as read from the store and opened with the server
 * key, at most once per `maxAgeMs` per process (a ShortLivedCache): a request to an inbox costs
 * a Map lookup, not a query or a decryption. A hit is returned synchronously. Writes made through
 * this process invalidate at once; a read in flight during a write is not cached. Concurrent
 * misses of one inbox share one read.
 */
export class SignatureCache {
  private readonly cache: ShortLivedCache<LoadedSettings | null>;

  constructor(
    private readonly repository: Pick<SignatureSettingsRepository, 'find'>,
    opts: { readonly maxAgeMs?: number; readonly maxEntries?: number; readonly now?: () => number } = {},
  ) {
    this.cache = new ShortLivedCache({
      maxAgeMs: opts.maxAgeMs ?? SIGNATURE_CACHE_MAX_AGE_MS,
      maxEntries: opts.maxEntries ?? 10_000,
      ...(opts.now ? { now: opts.now } : {}),
    });
  }

  lookup(inboxId: string, keys: SignatureKeys): LoadedSettings | null | Promise<LoadedSettings | null> {
    return this.cache.lookup(inboxId, async (id) => {
      const stored = await this.repository.find(id);
      return stored === null ? null : openStored(stored, keys);
    });
  }

  invalidate(inboxId: string): void {
    this.cache.invalidate(inboxId);
  }
}

/** Opens stored settings; a secret that cannot be opened is reported (never with the secret). */
function openStored(stored: StoredSignatureSettings, keys: SignatureKeys): LoadedSettings {
  if (!isSchemeName(stored.scheme)) {
    return { ok: false, scheme: stored.scheme, reason: `unknown signature scheme ${stored.scheme}` };
  }
  try {
    const secret = keys.box.open(stored.sealedSecret, stored.inboxId);
    return {
      ok: true,
      settings: { scheme: stored.scheme, secret, options: optionsFromJson(stored.scheme, stored.options) },
    };
  } catch (err) {
    const why = err instanceof SecretBoxError ? err.message : 'it could not be decrypted';
    keys.onUnopenable(stored.inboxId, why);
    return { ok: false, scheme: stored.scheme, reason: `the stored secret cannot be opened by this server: ${why}` };
  }
}

/** One cache per store: the API's writes and ingest's reads of one process meet here. */
const caches = new WeakMap<Store, SignatureCache>();

export function signatureCacheFor(store: Store): SignatureCache {
  let cache = caches.get(store);
  if (cache === undefined) {
    cache = new SignatureCache(store.signatures);
    caches.set(store, cache);
  }
  return cache;
}

/**
 * Builds the SignatureKeys of a server: the box, and a reporter that passes each inbox's
 * unopenable secret on at most once per `everyMs` (default a minute).
 */
export function createSignatureKeys(
  box: SecretBox,
  report: (inboxId: string, reason: string) => void,
  opts: { readonly everyMs?: number; readonly now?: () => number } = {},
): SignatureKeys {
  const everyMs = opts.everyMs ?? 60_000;
  const now = opts.now ?? (() => performance.now());
  const lastReported = new Map<string, number>();
  return {
    box,
    onUnopenable: (inboxId, reason) => {
      const at = now();
      const last = lastReported.get(inboxId);
      if (last !== undefined && at - last < everyMs) return;
      if (lastReported.size >= 10_000) lastReported.clear();
      lastReported.set(inboxId, at);
      report(inboxId, reason);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Ingest: the check made before the event is stored.
// ---------------------------------------------------------------------------------------------

function checkWith(loaded: LoadedSettings | null, request: CheckedRequest): SignatureCheck | null {
  if (loaded === null) return null;
  if (!loaded.ok) return { scheme: loaded.scheme, status: 'unchecked', reason: loaded.reason };
  return verifySignature(loaded.settings, request);
}

export interface CheckedRequest {
  readonly headers: readonly HeaderPair[];
  readonly body: Buffer;
  readonly receivedAt: Date;
}

/**
 * The signature check of a request to `inboxId` as it is captured, or null when the inbox has no
 * secret set (stored as null, shown as `unchecked`). Synchronous when the inbox's settings are
 * cached. Never rejects: settings that cannot be read make the event `unchecked` with the reason
 * (the event itself is still stored, or fails to be, on its own).
 */
export function checkCapturedSignature(
  store: Store,
  keys: SignatureKeys,
  inboxId: string,
  request: CheckedRequest,
): SignatureCheck | null | Promise<SignatureCheck | null> {
  let loaded: LoadedSettings | null | Promise<LoadedSettings | null>;
  try {
    loaded = signatureCacheFor(store).lookup(inboxId, keys);
  } catch {
    return UNREADABLE;
  }
  if (!(loaded instanceof Promise)) return checkWith(loaded, request);
  return loaded.then(
    (settings) => checkWith(settings, request),
    () => UNREADABLE,
  );
}

const UNREADABLE: SignatureCheck = Object.freeze({
  scheme: null,
  status: 'unchecked',
  reason: 'the signature settings could not be read',
});

// ---------------------------------------------------------------------------------------------
// Re-signing: fresh signatures for replays and `rehook listen --resign`.
// ---------------------------------------------------------------------------------------------

/** The inbox's opened settings, or SIGNATURE_NOT_SET (none set, or a secret this server cannot open). */
export async function settingsForSigning(
  deps: Pick<ServiceDeps, 'store' | 'signatureKeys'>,
  inboxId: string,
): Promise<SignatureSettings> {
  const loaded = await signatureCacheFor(deps.store).lookup(inboxId, deps.signatureKeys);
  if (loaded === null) throw new AppError('SIGNATURE_NOT_SET');
  if (!loaded.ok) {
    throw new AppError('SIGNATURE_NOT_SET', {
      message: `The inbox's signature secret cannot be used: ${loaded.reason}`,
    });
  }
  return loaded.settings;
}

/**
 * `headers` with the inbox's scheme's signature headers replaced (names matched
 * case-insensitively, in place) by a fresh signature of `body` made now with the stored secret:
 * a new timestamp; Standard Webhooks and Svix keep the message id. For replay's `resign: true`.
 * Throws SIGNATURE_NOT_SET when the inbox has no (usable) secret. Does not check who asks: the
 * caller has already checked that they may replay the inbox's events.
 */
export async function resignRequest(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'signatureKeys'>,
  inboxId: string,
  request: { readonly headers: readonly HeaderPair[]; readonly body: Buffer },
): Promise<HeaderPair[]> {
  const settings = await settingsForSigning(deps, inboxId);
  const fresh = signatureHeaders(settings, { body: request.body, at: deps.clock.now(), headers: request.headers });
  return replaceHeaders(request.headers, fresh);
}

/**
 * `POST /api/v1/events/<id>/resign`: the signature headers to set on the event for a delivery
 * now (for `rehook listen --resign`), and the scheme. The caller must have an account and may
 * re-sign the events of its own inboxes only (an anonymous inbox has no secret:
 * SIGNATURE_NOT_SET).
 */
export async function resignEvent(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'signatureKeys'>,
  principal: Principal,
  eventId: string,
): Promise<{ scheme: SchemeName; headers: HeaderPair[] }> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  requireAccount(principal);
  const { event, inbox } = await getEvent(deps, principal, eventId, 'replay');
  if (inbox.ownerId === null) throw new AppError('SIGNATURE_NOT_SET');
  const settings = await settingsForSigning(deps, inbox.id);
  return {
    scheme: settings.scheme,
    headers: signatureHeaders(settings, { body: event.body, at: deps.clock.now(), headers: event.headers }),
  };
}
