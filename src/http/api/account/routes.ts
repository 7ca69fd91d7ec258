import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../../../domain/account.js';
import { AppError } from '../../../errors.js';
import {
  changePassword,
  checkCurrentPassword,
  confirmAccountDeletion,
  confirmAddressChange,
  FRESH_SIGN_IN_MS,
  deleteAccount,
  endSessionOfAccount,
  listSessions,
  MAX_DISPLAY_NAME_LENGTH,
  requirePassword,
  updateProfile,
} from '../../../services/account-settings.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../services/accounts.js';
import { requireAccount } from '../../../services/auth.js';
import type { AccountPrincipal } from '../../../services/deps.js';
import { refuseManagedAddress } from '../../../services/single-sign-on.js';
import { AccountSessionSchema } from './schemas.js';
import type { ApiContext } from '../core/context.js';
import { accountJson, tokenJson } from '../core/present.js';
import { jsonObjectBody, pathParam, principalOf } from '../core/request.js';
import { dataEnvelope } from '../core/route-schema.js';
import { AccountSchema, ref, TokenSchema } from '../core/schemas.js';
import { clearSessionCookie, cookieSession } from '../core/session-cookie.js';
import { signinAttempts, withinFailedPasswordBudget } from '../core/signin-budget.js';
import { addEndpoint } from '../core/endpoint.js';
import { ownAccount } from '../core/audit-trail.js';

const SessionIdParams = Type.Object({ sessionId: Type.String({ description: 'Session id (ses_...).' }) });

const PASSWORD_NOTE =
  'The password check counts against the sign-in limits (REHOOK_RATE_SIGNIN per address, ' +
  'REHOOK_RATE_SIGNIN_PER_EMAIL for failed checks), like a sign-in.';

const sessionIdOf = (principal: AccountPrincipal): string | null =>
  principal.kind === 'session' ? principal.sessionId : null;

/**
 * `/api/v1/account/...`: the account's own settings (the web app's Settings page): profile,
 * password, signed-in browsers, deleting the account. Every change needs the `manage` scope.
 */
export function registerAccountRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  const takeAttempt = signinAttempts(ctx, 'sign-in');

  /**
   * Checks the account's password as a sign-in would: the attempt counts against the address's
   * budget, a wrong one against the account's e-mail budget.
   */
  const checkPassword = async (
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    password: unknown,
  ): Promise<Account> => {
    takeAttempt(request, reply);
    const account = await deps.store.accounts.findById(accountId);
    return withinFailedPasswordBudget(ctx, reply, {
      emailKey: account?.email ?? accountId,
      refusal: 'Too many failed password checks for this account',
      check: () => checkCurrentPassword(deps, accountId, password),
    });
  };

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/account',
    operationId: 'getAccount',
    summary: 'The account of the caller, and the API token it used',
    description: '`token` is null with a session. Any scope may ask (`rehook login` checks a token with it).',
    tag: 'Accounts',
    access: 'token',
    scope: 'read',
    inbox: 'list',
    responses: {
      200: {
        description: 'The account.',
        schema: Type.Object(
          {
            data: Type.Object(
              { account: ref(AccountSchema), token: Type.Union([ref(TokenSchema), Type.Null()]) },
              { additionalProperties: false },
            ),
          },
          { additionalProperties: false },
        ),
      },
    },
    errors: [],
    audit: 'none',
    handler: async (request) => {
      const principal = requireAccount(await principalOf(deps, request));
      const account = await deps.store.accounts.findById(principal.accountId);
      if (account === null) throw new AppError('UNAUTHORIZED');
      const tokens = principal.kind === 'token' ? await deps.store.tokens.listByAccount(account.id) : [];
      const token = tokens.find((t) => principal.kind === 'token' && t.id === principal.tokenId);
      return { data: { account: accountJson(account), token: token === undefined ? null : tokenJson(token) } };
    },
  });

  addEndpoint(app, {
    method: 'PATCH',
    url: '/api/v1/account',
    operationId: 'updateAccount',
    summary: "Change the account's e-mail address or display name",
    description:
      'Fields left out stay as they are; a `displayName` of null or blank removes it. A new `email` needs ' +
      '`currentPassword` (an account with a password; the check counts like a sign-in), or, for an account ' +
      `without one (single sign-on), a browser session signed in at most ${FRESH_SIGN_IN_MS / 60_000} minutes ` +
      'ago. An address at a domain single sign-on manages (REHOOK_OIDC_ALLOWED_DOMAINS) is refused.',
    tag: 'Accounts',
    access: 'token',
    scope: 'manage',
    body: Type.Object({
      email: Type.Optional(Type.String({ maxLength: 320, description: 'The new e-mail address.' })),
      currentPassword: Type.Optional(
        Type.String({
          maxLength: MAX_PASSWORD_LENGTH,
          description: 'The password now: needed to change the e-mail address of an account with a password.',
        }),
      ),
      displayName: Type.Optional(
        Type.Union([Type.String({ maxLength: MAX_DISPLAY_NAME_LENGTH }), Type.Null()], {
          description: `The name shown in the web app (at most ${MAX_DISPLAY_NAME_LENGTH} characters).`,
        }),
      ),
    }),
    responses: {
      200: { description: 'The account as it is now.', schema: dataEnvelope('account', ref(AccountSchema)) },
    },
    errors: [
      'VALIDATION_FAILED',
      'UNSUPPORTED_MEDIA_TYPE',
      'CONFLICT',
      'INVALID_CREDENTIALS',
      'EMAIL_DOMAIN_MANAGED',
      'REAUTHENTICATION_REQUIRED',
    ],
    audit: 'none',
    handler: async (request, reply) => {
      const principal = requireAccount(await principalOf(deps, request));
      const { accountId } = principal;
      const body = jsonObjectBody(request);
      const session = principal.kind === 'session' ? await cookieSession(deps, request) : null;
      await confirmAddressChange(
        deps,
        accountId,
        {
          email: body['email'],
          currentPassword: body['currentPassword'],
          signedInAt: session?.id === sessionIdOf(principal) ? (session?.createdAt ?? null) : null,
        },
        {
          refuseAddress: (email) => refuseManagedAddress(ctx.singleSignOn, email),
          checkPassword: (password) => checkPassword(request, reply, accountId, password),
        },
      );
      const account = await updateProfile(deps, accountId, { email: body['email'], displayName: body['displayName'] });
      return { data: { account: accountJson(account) } };
    },
  });

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/account/password',
    operationId: 'changePassword',
    summary: 'Change the password, with the current one',
    description:
      'Every other session of the account is signed out (the browser that asked stays signed in; with an ' +
      `API token, every session ends). API tokens keep working. ${PASSWORD_NOTE}`,
    tag: 'Accounts',
    access: 'token',
    scope: 'manage',
    body: Type.Object({
      currentPassword: Type.String({ maxLength: MAX_PASSWORD_LENGTH, description: 'The password now.' }),
      newPassword: Type.String({
        minLength: MIN_PASSWORD_LENGTH,
        maxLength: MAX_PASSWORD_LENGTH,
        description: `The new password, at least ${MIN_PASSWORD_LENGTH} characters.`,
      }),
    }),
    responses: { 204: { description: 'Changed; the other sessions have ended.' } },
    errors: ['VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE', 'INVALID_CREDENTIALS', 'NO_PASSWORD'],
    audit: { action: 'account.password_changed' },
    handler: async (request, reply) => {
      const principal = requireAccount(await principalOf(deps, request));
      const body = jsonObjectBody(request);
      if (typeof body['newPassword'] !== 'string') {
        throw new AppError('VALIDATION_FAILED', {
          message: 'newPassword must be a string',
          details: [{ path: '/newPassword', message: 'must be a string' }],
        });
      }
      await requirePassword(deps, principal.accountId);
      await checkPassword(request, reply, principal.accountId, body['currentPassword']);
      await changePassword(deps, {
        accountId: principal.accountId,
        newPassword: body['newPassword'],
        keepSessionId: sessionIdOf(principal),
      });
      return reply.code(204).send();
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/account/sessions',
    operationId: 'listAccountSessions',
    summary: 'Every browser signed in to the account, most recently used first',
    tag: 'Accounts',
    access: 'token',
    scope: 'manage',
    responses: {
      200: {
        description: 'The live sessions.',
        schema: dataEnvelope('sessions', Type.Array(ref(AccountSessionSchema))),
      },
    },
    errors: [],
    audit: 'none',
    handler: async (request) => {
      const principal = requireAccount(await principalOf(deps, request));
      const current = sessionIdOf(principal);
      const sessions = await listSessions(deps, principal.accountId);
      return {
        data: {
          sessions: sessions.map((s) => ({
            id: s.id,
            createdAt: s.createdAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
            expiresAt: s.expiresAt.toISOString(),
            userAgent: s.userAgent,
            current: s.id === current,
          })),
        },
      };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/account/sessions/:sessionId',
    operationId: 'endAccountSession',
    summary: 'Sign one browser of the account out',
    description: 'It stops working at once, open live streams included. Signing out the current one clears its cookie.',
    tag: 'Accounts',
    access: 'token',
    scope: 'manage',
    params: SessionIdParams,
    responses: { 204: { description: 'Signed out.' } },
    errors: ['SESSION_NOT_FOUND'],
    audit: 'none',
    handler: async (request, reply) => {
      const principal = requireAccount(await principalOf(deps, request));
      const sessionId = pathParam(request, 'sessionId');
      await endSessionOfAccount(deps, principal.accountId, sessionId);
      if (sessionId === sessionIdOf(principal)) clearSessionCookie(request, reply, ctx.trustProxy);
      return reply.code(204).send();
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/account/sessions',
    operationId: 'endOtherAccountSessions',
    summary: 'Sign out every other browser of the account',
    description: 'The session making the request stays signed in; with an API token, every session ends.',
    tag: 'Accounts',
    access: 'token',
    scope: 'manage',
    responses: {
      200: {
        description: 'How many sessions ended.',
        schema: dataEnvelope('ended', Type.Integer({ minimum: 0 })),
      },
    },
    errors: [],
    audit: 'none',
    handler: async (request) => {
      const principal = requireAccount(await principalOf(deps, request));
      const keep = sessionIdOf(principal);
      const ended =
        keep === null
          ? await deps.store.sessions.deleteByAccount(principal.accountId)
          : await deps.store.sessions.deleteOthers(principal.accountId, keep);
      return { data: { ended } };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/account',
    operationId: 'deleteAccount',
    summary: 'Delete the account, with the password (or, without one, the e-mail address)',
    description:
      "Deletes the account's inboxes (with their events, replays, sharing links and settings), its API tokens, " +
      'its sessions and its team memberships, then the account; the cookie is cleared. 409 CONFLICT while the ' +
      `account is the only owner of a team. ${PASSWORD_NOTE}`,
    tag: 'Accounts',
    access: 'token',
    scope: 'manage',
    body: Type.Object({
      password: Type.Optional(
        Type.String({ maxLength: MAX_PASSWORD_LENGTH, description: "The account's password, when it has one." }),
      ),
      email: Type.Optional(
        Type.String({
          maxLength: 320,
          description:
            "The account's e-mail address: the confirmation of an account without a password (`hasPassword` false).",
        }),
      ),
    }),
    responses: { 204: { description: 'Deleted.' } },
    errors: ['VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE', 'INVALID_CREDENTIALS', 'CONFLICT'],
    audit: { action: 'account.deleted', target: ownAccount },
    handler: async (request, reply) => {
      const { accountId } = requireAccount(await principalOf(deps, request));
      const body = jsonObjectBody(request);
      await confirmAccountDeletion(deps, accountId, { password: body['password'], email: body['email'] }, (password) =>
        checkPassword(request, reply, accountId, password),
      );
      await deleteAccount(deps, accountId);
      clearSessionCookie(request, reply, ctx.trustProxy);
      return reply.code(204).send();
    },
  });
}
