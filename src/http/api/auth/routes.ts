import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../../../domain/account.js';
import { normalizeEmail } from '../../../domain/account.js';
import { AppError } from '../../../errors.js';
import { createAccount, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, signIn } from '../../../services/accounts.js';
import { requireAccount } from '../../../services/auth.js';
import { refuseManagedAddress } from '../../../services/single-sign-on.js';
import { DEFAULT_SESSION_TTL_MS, endAllSessions, endSession } from '../../../services/sessions.js';
import { startBrowserSession } from './browser-session.js';
import type { AccountSettings, ApiContext } from '../core/context.js';
import { accountJson } from '../core/present.js';
import { jsonObjectBody, principalOf } from '../core/request.js';
import { ref, SessionSchema } from '../core/schemas.js';
import { clearSessionCookie, refuseCrossSite } from '../core/session-cookie.js';
import { signinAttempts, withinFailedPasswordBudget } from '../core/signin-budget.js';
import { addEndpoint } from '../core/endpoint.js';
import { ownAccount, text } from '../core/audit-trail.js';

const DEFAULT_SETTINGS: AccountSettings = { signup: 'open', sessionTtlMs: DEFAULT_SESSION_TTL_MS };

/** Longest e-mail address looked at (RFC 5321 allows 254 in practice). */
const MAX_EMAIL_LENGTH = 320;

const SessionEnvelope = Type.Object({ data: ref(SessionSchema) }, { additionalProperties: false });

// Asking "who is signed in?" is part of every page load, so nobody signed in is an answer, not a failure.
const SessionOrNobodyEnvelope = Type.Object(
  {
    data: Type.Union([
      ref(SessionSchema),
      Type.Object({ account: Type.Null() }, { additionalProperties: false, description: 'Nobody is signed in.' }),
    ]),
  },
  { additionalProperties: false },
);

const Credentials = (passwordDescription: string) =>
  Type.Object({
    email: Type.String({ maxLength: MAX_EMAIL_LENGTH, description: 'E-mail address (case does not matter).' }),
    password: Type.String({ maxLength: MAX_PASSWORD_LENGTH, description: passwordDescription }),
  });

const COOKIE_NOTE =
  'Sets the session cookie: `rehook_session`, HttpOnly, SameSite=Lax, Path=/, Max-Age = the session lifetime ' +
  '(REHOOK_SESSION_TTL, 30 days by default, from sign-in), Secure when the request came over https.';

/** `{email, password}` as strings; 400 VALIDATION_FAILED otherwise. */
function credentialsOf(body: Record<string, unknown>): { email: string; password: string } {
  const { email, password } = body;
  if (typeof email !== 'string' || email.length > MAX_EMAIL_LENGTH) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'email must be a string',
      details: [{ path: '/email', message: 'must be an e-mail address' }],
    });
  }
  if (typeof password !== 'string') {
    throw new AppError('VALIDATION_FAILED', {
      message: 'password must be a string',
      details: [{ path: '/password', message: 'must be a string' }],
    });
  }
  return { email, password };
}

/**
 * `/api/v1/auth/...`: sign-up, sign-in, the current session, sign-out and sign-out everywhere.
 * Sessions are server-side records (services/sessions.ts); the cookie and the CSRF check are in
 * session-cookie.ts.
 */
export function registerAuthRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;
  const settings = ctx.accounts ?? DEFAULT_SETTINGS;

  /** Counts one sign-in or sign-up attempt against the caller's address (each costs a scrypt). */
  const takeAttempt = signinAttempts(ctx, 'sign-in');

  /** Starts a session for the account, replacing the one the browser had, and answers with it. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, account: Account, status: 200 | 201) => {
    const session = await startBrowserSession(ctx, request, reply, account.id);
    return reply.code(status).send({ data: { account: accountJson(account), csrfToken: session.csrfToken } });
  };

  /** With REHOOK_PASSWORD_SIGN_IN=off, single sign-on is the only way in. */
  const refuseWhenPasswordsOff = (): void => {
    if (settings.passwordSignIn === false) throw new AppError('PASSWORD_SIGN_IN_DISABLED');
  };

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/auth/signup',
    sessionCookie: 'ignored',
    operationId: 'signUp',
    summary: 'Create an account and sign in',
    description: `Open unless the server runs with REHOOK_SIGNUP=closed. ${COOKIE_NOTE} Counts against REHOOK_RATE_SIGNIN.`,
    tag: 'Accounts',
    access: 'public',
    scope: 'none',
    body: Credentials(`At least ${MIN_PASSWORD_LENGTH} characters.`),
    responses: { 201: { description: 'The account, signed in (the cookie is set).', schema: SessionEnvelope } },
    errors: [
      'SIGNUP_CLOSED',
      'PASSWORD_SIGN_IN_DISABLED',
      'EMAIL_DOMAIN_MANAGED',
      'CONFLICT',
      'VALIDATION_FAILED',
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    audit: 'none',
    handler: async (request, reply) => {
      refuseCrossSite(request);
      refuseWhenPasswordsOff();
      if (settings.signup === 'closed') throw new AppError('SIGNUP_CLOSED');
      const { email, password } = credentialsOf(jsonObjectBody(request));
      refuseManagedAddress(ctx.singleSignOn, email);
      takeAttempt(request, reply);
      const account = await createAccount(deps, { email, password });
      return signedIn(request, reply, account, 201);
    },
  });

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/auth/signin',
    sessionCookie: 'ignored',
    operationId: 'signIn',
    summary: 'Sign in with e-mail and password',
    description:
      `${COOKIE_NOTE} A wrong password and an unknown e-mail get the same 401, after the same work. ` +
      'Limited per client address (REHOOK_RATE_SIGNIN) and per e-mail address (REHOOK_RATE_SIGNIN_PER_EMAIL, failed attempts).',
    tag: 'Accounts',
    access: 'public',
    scope: 'none',
    body: Credentials("The account's password."),
    responses: { 200: { description: 'Signed in (the cookie is set).', schema: SessionEnvelope } },
    errors: ['INVALID_CREDENTIALS', 'PASSWORD_SIGN_IN_DISABLED', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: {
      action: 'auth.sign_in',
      target: ownAccount,
      detail: (seen) => ({ method: 'password', email: text(seen.body['email']) }),
    },
    handler: async (request, reply) => {
      refuseCrossSite(request);
      refuseWhenPasswordsOff();
      const { email, password } = credentialsOf(jsonObjectBody(request));
      takeAttempt(request, reply);
      const account = await withinFailedPasswordBudget(ctx, reply, {
        emailKey: normalizeEmail(email),
        refusal: 'Too many failed sign-ins for this e-mail address',
        check: () => signIn(deps, { email, password }),
      });
      return signedIn(request, reply, account, 200);
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/auth/session',
    operationId: 'getSession',
    summary: 'The signed-in account and the CSRF token of this browser session',
    description:
      '`{"data":{"account":null}}` without a valid session cookie (an API token is not a session); ' +
      '401 only for an Authorization header that is invalid.',
    tag: 'Accounts',
    access: 'session',
    answersSignedOut: true,
    scope: 'none',
    responses: {
      200: {
        description: 'The session, or `account: null` when nobody is signed in.',
        schema: SessionOrNobodyEnvelope,
      },
    },
    errors: [],
    audit: 'none',
    handler: async (request) => {
      const principal = await principalOf(deps, request);
      if (principal.kind !== 'session') return { data: { account: null } };
      const account = await deps.store.accounts.findById(principal.accountId);
      if (account === null) return { data: { account: null } };
      return { data: { account: accountJson(account), csrfToken: principal.csrfToken } };
    },
  });

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/auth/signout',
    sessionCookie: 'optional',
    operationId: 'signOut',
    summary: 'Sign this browser out: its session ends and the cookie is cleared',
    description: 'Also 204 when the session had already ended. Needs X-CSRF-Token while the session is live.',
    tag: 'Accounts',
    access: 'public',
    scope: 'none',
    responses: { 204: { description: 'Signed out.' } },
    errors: [],
    audit: 'none',
    handler: async (request, reply) => {
      const principal = await principalOf(deps, request);
      if (principal.kind === 'session') await endSession(deps, principal.sessionId);
      clearSessionCookie(request, reply, ctx.trustProxy);
      return reply.code(204).send();
    },
  });

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/auth/signout-everywhere',
    operationId: 'signOutEverywhere',
    summary: 'End every session of the account, this one included',
    description:
      'Every browser signed in to the account is signed out at once (open live streams end). API tokens ' +
      'keep working: revoke them separately. Works with a session or an API token.',
    tag: 'Accounts',
    access: 'token',
    scope: 'manage',
    responses: { 204: { description: 'Every session ended.' } },
    errors: [],
    audit: 'none',
    handler: async (request, reply) => {
      const { accountId } = requireAccount(await principalOf(deps, request));
      await endAllSessions(deps, accountId);
      clearSessionCookie(request, reply, ctx.trustProxy);
      return reply.code(204).send();
    },
  });
}
