import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../../../domain/session.js';
import { DEFAULT_SESSION_TTL_MS, endSession, startSession } from '../../../services/sessions.js';
import type { ApiContext } from '../core/context.js';
import { cookieSession, isHttps, sessionCookie } from '../core/session-cookie.js';

/**
 * Signs the browser in to the account (password or single sign-on): the session it had ends, a
 * new one starts, and the answer carries its cookie.
 */
export async function startBrowserSession(
  ctx: ApiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
): Promise<Session> {
  const previous = await cookieSession(ctx.deps, request);
  if (previous !== null) await endSession(ctx.deps, previous.id);
  const ttlMs = ctx.accounts?.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
  const { session, secret } = await startSession(ctx.deps, {
    accountId,
    ttlMs,
    userAgent: request.headers['user-agent'],
  });
  void reply.header('set-cookie', sessionCookie(secret, ttlMs, isHttps(request, ctx.trustProxy)));
  return session;
}
