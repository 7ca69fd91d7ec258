import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.js';
import { requireAccount } from '../../../services/auth.js';
import {
  beginSingleSignOn,
  finishLinking,
  finishSingleSignOn,
  linkedIdentityOf,
  type SingleSignOn,
  type SingleSignOnResult,
} from '../../../services/single-sign-on.js';
import { startBrowserSession } from './browser-session.js';
import { recordRequestAudit } from '../core/audit-trail.js';
import type { ApiContext } from '../core/context.js';
import { principalOf } from '../core/request.js';
import { dataEnvelope } from '../core/route-schema.js';
import { cookieSession, isHttps } from '../core/session-cookie.js';
import { signinAttempts } from '../core/signin-budget.js';
import {
  clearedFlowCookie,
  FLOW_TTL_MS,
  flowCookie,
  readFlowCookie,
  safeNextPath,
  type SignInFlow,
  wantsPage,
} from '../core/sso-flow-cookie.js';
import { addEndpoint } from '../core/endpoint.js';

/** Where the provider sends the browser back; REHOOK_PUBLIC_URL + this is the redirect URI. */
export const SSO_CALLBACK_PATH = '/api/v1/auth/oidc/callback';
const SSO_START_PATH = '/api/v1/auth/oidc/start';
/** Whether the account is linked, for Settings; and where Settings starts linking it. */
const LINK_STATE_PATH = '/api/v1/account/single-sign-on';
const LINK_PATH = `${LINK_STATE_PATH}/link`;
/** Where a browser goes once a link started in Settings is done. */
const LINK_DONE_PATH = '/settings#single-sign-on';

const SignInMethodsSchema = Type.Object(
  {
    password: Type.Boolean({ description: 'E-mail and password sign-in is on (REHOOK_PASSWORD_SIGN_IN).' }),
    signup: Type.Boolean({
      description: 'Anyone may create an account with a password (REHOOK_SIGNUP=open and password sign-in on).',
    }),
    singleSignOn: Type.Union(
      [
        Type.Object(
          {
            name: Type.String({ description: 'The provider\'s name for the button: "Sign in with <name>".' }),
            startUrl: Type.String({ description: `Open it in the browser to sign in (${SSO_START_PATH}).` }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'Single sign-on with OpenID Connect, or null when it is not set up.' },
    ),
  },
  { additionalProperties: false },
);

const LinkStateSchema = Type.Object(
  {
    name: Type.String({ description: "The provider's name, as on the sign-in button." }),
    linked: Type.Boolean({ description: 'The account is linked to a subject of the provider.' }),
    linkedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When it was linked.' }),
  },
  { additionalProperties: false },
);

const BROWSER_ERROR_NOTE =
  'A browser (Accept: text/html) is sent to `/signin?error=<code>` with 303 instead of a JSON error, so the ' +
  'sign-in page can say what went wrong.';

/**
 * Single sign-on with OpenID Connect (docs/sso.md): what the sign-in page offers, the start that
 * sends the browser to the provider, and the callback it comes back to. The work is in
 * services/single-sign-on.ts and the provider adapter; the browser's half of the flow is the
 * sealed cookie of sso-flow-cookie.ts.
 */
export function registerSingleSignOnRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const passwordSignIn = ctx.accounts?.passwordSignIn !== false;

  const configured = (): SingleSignOn => {
    if (ctx.singleSignOn === undefined) throw new AppError('SSO_NOT_CONFIGURED');
    return ctx.singleSignOn;
  };

  /** A page navigation that failed goes back to the sign-in page, which shows the error; an API call gets JSON. */
  const answerFailure = (request: FastifyRequest, reply: FastifyReply, err: unknown) => {
    if (!(err instanceof AppError) || !wantsPage(request)) throw err;
    return reply
      .code(303)
      .header('location', `/signin?error=${encodeURIComponent(err.code)}`)
      .send();
  };

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/auth/methods',
    sessionCookie: 'ignored',
    operationId: 'getSignInMethods',
    summary: 'How people sign in to this server: password, sign-up, single sign-on',
    description: 'The sign-in page asks it before it draws its form and buttons.',
    tag: 'Accounts',
    access: 'public',
    scope: 'none',
    responses: {
      200: { description: 'The sign-in methods.', schema: dataEnvelope('methods', SignInMethodsSchema) },
    },
    errors: [],
    audit: 'none',
    handler: async () => ({
      data: {
        methods: {
          password: passwordSignIn,
          signup: passwordSignIn && (ctx.accounts?.signup ?? 'open') === 'open',
          singleSignOn:
            ctx.singleSignOn === undefined ? null : { name: ctx.singleSignOn.name, startUrl: SSO_START_PATH },
        },
      },
    }),
  });

  addEndpoint(app, {
    method: 'GET',
    url: SSO_START_PATH,
    sessionCookie: 'ignored',
    operationId: 'startSingleSignOn',
    summary: 'Start signing in with the OpenID Connect provider (open it in the browser)',
    description:
      'Redirects to the provider with the authorization code flow (PKCE S256, state and nonce), and sets a ' +
      `short cookie (rehook_sso, ${FLOW_TTL_MS / 60_000} minutes, HttpOnly) that the callback checks the answer against. ` +
      BROWSER_ERROR_NOTE,
    tag: 'Accounts',
    access: 'public',
    scope: 'none',
    querystring: Type.Object({
      next: Type.Optional(
        Type.String({
          description:
            'Path of this app to open once signed in. Resolved against the public origin, it must stay on it ' +
            '(a path; no control characters or backslashes, also when percent-encoded); anything else, and ' +
            'nothing, opens /dashboard.',
        }),
      ),
    }),
    responses: {
      302: { description: "To the provider's sign-in page." },
      303: { description: 'Back to the sign-in page with the error code (a browser only).' },
    },
    errors: ['SSO_NOT_CONFIGURED', 'SSO_PROVIDER_ERROR'],
    audit: 'none',
    handler: async (request, reply) => {
      try {
        const sso = configured();
        const { url, checks } = await beginSingleSignOn(sso);
        const next = safeNextPath((request.query as Record<string, unknown>)['next'], publicOrigin(sso));
        const flow = { checks, next, expiresAt: ctx.deps.clock.now().getTime() + FLOW_TTL_MS };
        const secure = isHttps(request, ctx.trustProxy);
        void reply.header('set-cookie', flowCookie(ctx.deps.signatureKeys.box, flow, secure));
        return reply.code(302).header('location', url.href).send();
      } catch (err) {
        request.log.warn({ err }, 'single sign-on: start failed');
        return answerFailure(request, reply, err);
      }
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: LINK_STATE_PATH,
    operationId: 'getSingleSignOnLink',
    summary: "Whether the account is linked to the server's single sign-on provider",
    description: 'Settings shows it, with the button that links the account (POST .../link).',
    tag: 'Accounts',
    access: 'token',
    scope: 'read',
    inbox: 'list',
    responses: {
      200: { description: 'The link, or linked false.', schema: dataEnvelope('singleSignOn', LinkStateSchema) },
    },
    errors: ['SSO_NOT_CONFIGURED'],
    audit: 'none',
    handler: async (request) => {
      const { accountId } = requireAccount(await principalOf(ctx.deps, request));
      const sso = configured();
      const identity = await linkedIdentityOf(ctx.deps, sso, accountId);
      return {
        data: {
          singleSignOn: {
            name: sso.name,
            linked: identity !== null,
            linkedAt: identity === null ? null : identity.createdAt.toISOString(),
          },
        },
      };
    },
  });

  addEndpoint(app, {
    method: 'POST',
    url: LINK_PATH,
    operationId: 'startSingleSignOnLink',
    summary: 'Start linking the signed-in account to the single sign-on provider',
    description:
      'The explicit step that replaces linking by e-mail address (docs/sso.md): a browser session (with ' +
      'X-CSRF-Token) asks, gets the provider URL to open, and sets the same short flow cookie as a sign-in, ' +
      "marked with this account and session. The provider's answer (the callback) then links its identity to " +
      'this account, only in this session, and sends the browser to /settings; a refusal goes to ' +
      '`/settings?error=<code>`. An account is linked to one subject of the provider, and a subject to one ' +
      'account.',
    tag: 'Accounts',
    access: 'session',
    scope: 'none',
    bodyOptional: true,
    responses: {
      200: {
        description: 'The URL to open in the browser (the flow cookie is set).',
        schema: dataEnvelope('url', Type.String({ description: "The provider's sign-in page." })),
      },
    },
    errors: ['SSO_NOT_CONFIGURED', 'SSO_PROVIDER_ERROR', 'INSUFFICIENT_SCOPE'],
    audit: 'none',
    handler: async (request, reply) => {
      const principal = requireAccount(await principalOf(ctx.deps, request));
      if (principal.kind !== 'session') {
        throw new AppError('INSUFFICIENT_SCOPE', {
          message: 'Linking single sign-on needs a browser session (Settings), not an API token',
        });
      }
      const sso = configured();
      const { url, checks } = await beginSingleSignOn(sso);
      const flow: SignInFlow = {
        checks,
        next: LINK_DONE_PATH,
        expiresAt: ctx.deps.clock.now().getTime() + FLOW_TTL_MS,
        link: { accountId: principal.accountId, sessionId: principal.sessionId },
      };
      void reply.header('set-cookie', flowCookie(ctx.deps.signatureKeys.box, flow, isHttps(request, ctx.trustProxy)));
      return { data: { url: url.href } };
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: SSO_CALLBACK_PATH,
    sessionCookie: 'ignored',
    operationId: 'finishSingleSignOn',
    summary: 'Where the OpenID Connect provider sends the browser back',
    description:
      'Checks that `state` is the one this browser started with, exchanges the code (with the PKCE verifier), ' +
      "verifies the ID token (the provider's keys, issuer, audience, expiry, nonce), then signs in to the account " +
      "linked to the provider's subject, or a new one (no password) when no account has the verified e-mail " +
      'address (409 SSO_ACCOUNT_EXISTS when one has: it is never linked by e-mail). A link started in Settings ' +
      'links the identity to the account of the session that started it instead. ' +
      `Counts against REHOOK_RATE_SIGNIN. ${BROWSER_ERROR_NOTE}`,
    tag: 'Accounts',
    access: 'public',
    scope: 'none',
    querystring: Type.Object({
      code: Type.Optional(Type.String()),
      state: Type.Optional(Type.String()),
      error: Type.Optional(Type.String()),
    }),
    responses: {
      302: {
        description: 'Signed in (the session cookie is set): to the page asked for at the start, or /dashboard.',
      },
      303: { description: 'Back to the sign-in page with the error code (a browser only).' },
    },
    errors: [
      'SSO_NOT_CONFIGURED',
      'SSO_STATE_MISMATCH',
      'SSO_REFUSED',
      'SSO_EMAIL_NOT_VERIFIED',
      'SSO_DOMAIN_NOT_ALLOWED',
      'SSO_ACCOUNT_EXISTS',
      'SSO_IDENTITY_TAKEN',
      'SSO_ALREADY_LINKED',
      'SSO_PROVIDER_ERROR',
    ],
    audit: 'none',
    handler: async (request, reply) => {
      // Used or not, a flow is good for one answer.
      void reply.header('set-cookie', clearedFlowCookie(isHttps(request, ctx.trustProxy)));
      const flow = readFlowCookie(ctx.deps.signatureKeys.box, request, ctx.deps.clock.now());
      if (flow?.link !== undefined) return finishLink(request, reply, flow, flow.link);
      const outcome = await finishFromCallback(request, reply, flow).then(
        (finished): SingleSignOnOutcome => ({ ok: true, ...finished }),
        (error: unknown): SingleSignOnOutcome => ({ ok: false, error }),
      );
      await recordSingleSignOn(ctx, request, outcome);
      if (!outcome.ok) return answerFailure(request, reply, outcome.error);
      await startBrowserSession(ctx, request, reply, outcome.result.account.id);
      return reply.code(302).header('location', outcome.next).send();
    },
  });

  /**
   * The answer to a link started in Settings: it links to the account that started it, and only
   * while the browser still has the session that started it (another browser, or one signed in
   * to another account since, gets SSO_STATE_MISMATCH). No new session: the person stays signed
   * in, and goes back to Settings.
   */
  const finishLink = async (
    request: FastifyRequest,
    reply: FastifyReply,
    flow: SignInFlow,
    link: NonNullable<SignInFlow['link']>,
  ) => {
    const issuer = ctx.singleSignOn?.provider.issuer ?? null;
    try {
      const sso = configured();
      takeSignInAttempt(request, reply);
      const session = await cookieSession(ctx.deps, request);
      const sameSession = session !== null && session.id === link.sessionId && session.accountId === link.accountId;
      const { account, linked } = await finishLinking(ctx.deps, sso, {
        callbackUrl: callbackUrlOf(request, sso),
        checks: sameSession ? flow.checks : null,
        accountId: link.accountId,
      });
      request.log.info({ issuer, accountId: account.id, linked }, 'single sign-on: linked');
      return reply.code(302).header('location', LINK_DONE_PATH).send();
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'INTERNAL';
      request.log.warn({ issuer, code, err, accountId: link.accountId }, 'single sign-on: link refused');
      if (!(err instanceof AppError) || !wantsPage(request)) throw err;
      return reply
        .code(303)
        .header('location', `/settings?error=${encodeURIComponent(err.code)}#single-sign-on`)
        .send();
    }
  };

  const takeSignInAttempt = signinAttempts(ctx, 'sign-in');

  /** The callback's work up to the account: the flow cookie, the provider's answer, the account. */
  const finishFromCallback = async (request: FastifyRequest, reply: FastifyReply, flow: SignInFlow | null) => {
    const sso = configured();
    takeSignInAttempt(request, reply);
    const callbackUrl = callbackUrlOf(request, sso);
    const result = await finishSingleSignOn(ctx.deps, sso, { callbackUrl, checks: flow?.checks ?? null });
    // Checked again on the way out: a flow sealed by an older version judged `next` less strictly.
    return { result, next: safeNextPath(flow?.next, publicOrigin(sso)) };
  };
}

/** The provider's parameters on the registered redirect URI, which the code exchange repeats. */
function callbackUrlOf(request: FastifyRequest, sso: SingleSignOn): URL {
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return new URL(`${sso.redirectUri()}${search}`);
}

/** The web app's public origin (REHOOK_PUBLIC_URL), which the redirect URI is on. */
function publicOrigin(sso: SingleSignOn): string {
  return new URL(sso.redirectUri()).origin;
}

type SingleSignOnOutcome =
  | { readonly ok: true; readonly result: SingleSignOnResult; readonly next: string }
  | { readonly ok: false; readonly error: unknown };

/**
 * The one place where every single sign-on's outcome, success or refusal, is known: it is logged
 * and recorded in the audit log as `auth.sign_in` with the method `oidc`. A refusal happens before
 * an account is known, so its entry names none (it stays out of every account's log; operators
 * find it in the table and in the server log).
 */
async function recordSingleSignOn(ctx: ApiContext, request: FastifyRequest, outcome: SingleSignOnOutcome) {
  const issuer = ctx.singleSignOn?.provider.issuer ?? null;
  if (outcome.ok) {
    const { account, created, linked, joinedTeams } = outcome.result;
    request.log.info({ issuer, accountId: account.id, created, linked, joinedTeams }, 'single sign-on: signed in');
    await recordRequestAudit(ctx, request, {
      action: 'auth.sign_in',
      actor: { accountId: account.id, tokenId: null, shareId: null },
      accountId: account.id,
      outcome: 'success',
      target: { type: 'account', id: account.id },
      detail: { method: 'oidc', issuer, created, linked },
    });
    return;
  }
  const code = outcome.error instanceof AppError ? outcome.error.code : 'INTERNAL';
  request.log.warn({ issuer, code, err: outcome.error }, 'single sign-on: refused');
  await recordRequestAudit(ctx, request, {
    action: 'auth.sign_in',
    actor: { accountId: null, tokenId: null, shareId: null },
    accountId: null,
    outcome: 'denied',
    detail: { method: 'oidc', issuer, code },
  });
}
