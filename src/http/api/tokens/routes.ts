import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { MAX_TOKEN_INBOXES, TOKEN_SCOPES, type TokenScope } from '../../../domain/token-scope.js';
import { requireAccount } from '../../../services/auth.js';
import { createToken, listTokens, MAX_TOKEN_NAME_LENGTH, revokeToken } from '../../../services/tokens.js';
import type { ApiContext } from '../core/context.js';
import { tokenJson } from '../core/present.js';
import { jsonObjectBody, pathParam, principalOf } from '../core/request.js';
import { dataEnvelope, TokenIdParams } from '../core/route-schema.js';
import { CreatedTokenSchema, ref, TokenSchema } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { answered, field, listed, param, text } from '../core/audit-trail.js';

export function registerTokenRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/tokens',
    operationId: 'listTokens',
    summary: "The account's API tokens, revoked ones included, newest first",
    tag: 'Tokens',
    access: 'token',
    scope: 'manage',
    responses: {
      200: {
        description: 'The tokens, without their secrets.',
        schema: dataEnvelope('tokens', Type.Array(ref(TokenSchema))),
      },
    },
    errors: [],
    audit: 'none',
    handler: async (request) => {
      const { accountId } = requireAccount(await principalOf(deps, request));
      return { data: { tokens: (await listTokens(deps, accountId)).map(tokenJson) } };
    },
  });

  // The plaintext is in this response only; it is stored as a hash.
  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/tokens',
    operationId: 'createToken',
    summary: 'Create an API token for the account',
    description: 'The answer is the only time the token itself is shown; only its hash is stored.',
    tag: 'Tokens',
    access: 'token',
    scope: 'manage',
    body: Type.Object({
      name: Type.String({
        minLength: 1,
        maxLength: MAX_TOKEN_NAME_LENGTH,
        description: 'A name to recognise the token by (printable characters).',
      }),
      scopes: Type.Optional(
        Type.Array(Type.Unsafe<TokenScope>({ type: 'string', enum: [...TOKEN_SCOPES] }), {
          minItems: 1,
          description:
            '`read` (inboxes, events, history), `replay` (also replays, bulk replays, delivery retries) or ' +
            '`manage` (everything: settings, secrets, forwarding, shares, tokens). They nest; the widest one ' +
            'given counts. Default: `manage`, as tokens made before scopes.',
        }),
      ),
      teamId: Type.Optional(
        Type.Union([Type.String(), Type.Null()], {
          description:
            'A team the account is a member of (else 400 VALIDATION_FAILED). The token then reaches only ' +
            "the team's inboxes and the team itself (other routes: 403 INSUFFICIENT_SCOPE), with the lesser " +
            "of its scope and the member's current role, read on every request.",
        }),
      ),
      inboxIds: Type.Optional(
        Type.Union([Type.Array(Type.String(), { minItems: 1, maxItems: MAX_TOKEN_INBOXES }), Type.Null()], {
          description:
            'Saved inboxes of the account (of the team, with `teamId`) the token is limited to (null or ' +
            'absent: all). An inbox the account cannot see is 400 VALIDATION_FAILED.',
        }),
      ),
      expiresAt: Type.Optional(
        Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
          description: 'When the token stops working (ISO 8601, in the future); null or absent: never.',
        }),
      ),
    }),
    responses: {
      201: {
        description: 'The new token, with its secret.',
        schema: dataEnvelope('token', ref(CreatedTokenSchema)),
      },
    },
    errors: ['VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: {
      action: 'token.created',
      target: answered('token', 'token'),
      detail: (seen) => ({
        name: text(field(seen.data['token'], 'name')),
        scopes: listed(field(seen.data['token'], 'scopes')),
      }),
    },
    handler: async (request, reply) => {
      const { accountId } = requireAccount(await principalOf(deps, request));
      const body = jsonObjectBody(request);
      const { token, plaintext } = await createToken(deps, {
        accountId,
        name: body['name'],
        scopes: body['scopes'],
        teamId: body['teamId'],
        inboxIds: body['inboxIds'],
        expiresAt: body['expiresAt'],
      });
      return reply.code(201).send({ data: { token: { ...tokenJson(token), token: plaintext } } });
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/tokens/:tokenId',
    operationId: 'revokeToken',
    summary: 'Revoke an API token of the account',
    description: 'The token stops working at once, open live streams included.',
    tag: 'Tokens',
    access: 'token',
    scope: 'manage',
    params: TokenIdParams,
    responses: { 204: { description: 'Revoked.' } },
    errors: ['TOKEN_NOT_FOUND'],
    audit: { action: 'token.revoked', target: param('token', 'tokenId') },
    handler: async (request, reply) => {
      const { accountId } = requireAccount(await principalOf(deps, request));
      await revokeToken(deps, { accountId, tokenId: pathParam(request, 'tokenId') });
      return reply.code(204).send();
    },
  });
}
