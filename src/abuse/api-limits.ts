import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config/parse.js';
import { AppError } from '../errors.js';
import {
  ConcurrencyLimiter,
  fixedWindowOrUnlimited,
  retryAfterSeconds,
  tokenBucketOrUnlimited,
  type KeyedLimiter,
} from './rate-limiter.js';

/** The abuse controls of the REST API, one set per process (limits are per instance). */
export interface ApiAbuseControls {
  /** Anonymous inbox creations, keyed by client IP (REHOOK_RATE_ANON_INBOXES). */
  readonly anonInboxes: KeyedLimiter;
  /** Failed authentications, keyed by client IP (REHOOK_RATE_AUTH_FAILURES). */
  readonly authFailures: KeyedLimiter;
  /** Replays in flight (REHOOK_REPLAY_MAX_CONCURRENT). */
  readonly replays: ConcurrencyLimiter;
  /** Sign-in and sign-up attempts, keyed by client IP (REHOOK_RATE_SIGNIN). */
  readonly signinPerIp: KeyedLimiter;
  /** Failed sign-ins, keyed by normalised e-mail address (REHOOK_RATE_SIGNIN_PER_EMAIL). */
  readonly signinPerEmail: KeyedLimiter;
  /** Comparisons of two events (their bodies are costly to diff), keyed by client IP (REHOOK_RATE_DIFF). */
  readonly diffs: KeyedLimiter;
}

export function createApiAbuseControls(limits: {
  rateAnonInboxes: RateLimit | null;
  rateAuthFailures: RateLimit | null;
  replayMaxConcurrent: number;
  rateSignin: RateLimit | null;
  rateSigninPerEmail: RateLimit | null;
  rateDiff: RateLimit | null;
}): ApiAbuseControls {
  return {
    anonInboxes: tokenBucketOrUnlimited(limits.rateAnonInboxes),
    authFailures: fixedWindowOrUnlimited(limits.rateAuthFailures),
    replays: new ConcurrencyLimiter(limits.replayMaxConcurrent),
    signinPerIp: tokenBucketOrUnlimited(limits.rateSignin),
    signinPerEmail: tokenBucketOrUnlimited(limits.rateSigninPerEmail),
    diffs: tokenBucketOrUnlimited(limits.rateDiff),
  };
}

/** How long a refused replay should wait: replays end within seconds, so retry soon. */
export const REPLAY_RETRY_AFTER_MS = 1_000;

/**
 * Sets Retry-After on the reply and returns the 429 RATE_LIMITED error for the error handler
 * to send as `{"error":{"code":"RATE_LIMITED","message"}}` (headers set before are kept).
 */
export function rateLimited(reply: FastifyReply, retryAfterMs: number, message: string): AppError {
  void reply.header('retry-after', String(retryAfterSeconds(retryAfterMs)));
  return new AppError('RATE_LIMITED', { message });
}

/**
 * The address per-IP limits count against: the socket's, or with REHOOK_TRUST_PROXY the last
 * X-Forwarded-For entry (the one our own proxy appended). Fastify's `request.ip` would take the
 * first entry, which the client writes itself, so anyone could dodge a limit by varying it.
 */
export function clientAddress(request: FastifyRequest, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers['x-forwarded-for'];
    const value = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
    const last = value?.split(',').pop()?.trim();
    if (last) return last;
  }
  return request.socket.remoteAddress ?? '';
}
