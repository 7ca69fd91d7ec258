import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../../services/auth.js';
import { createToken, listTokens, revokeToken } from '../../../services/tokens.js';
import type { ApiContext } from '../app.js';
import { tokenJson } from '../present.js';
import { jsonObjectBody, pathParam, principalOf } from '../request.js';

export function registerTokenRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  app.get('/api/v1/tokens', { config: { requiresAccount: true } }, async (request) => {
    const { accountId } = requireAccount(await principalOf(deps, request));
    return { data: { tokens: (await listTokens(deps, accountId)).map(tokenJson) } };
  });

  // The plaintext is in this response only; it is stored as a hash.
  app.post('/api/v1/tokens', { config: { requiresAccount: true } }, async (request, reply) => {
    const { accountId } = requireAccount(await principalOf(deps, request));
    const body = jsonObjectBody(request);
    const { token, plaintext } = await createToken(deps, { accountId, name: body['name'] });
    return reply.code(201).send({ data: { token: { ...tokenJson(token), token: plaintext } } });
  });

  app.delete('/api/v1/tokens/:tokenId', { config: { requiresAccount: true } }, async (request, reply) => {
    const { accountId } = requireAccount(await principalOf(deps, request));
    await revokeToken(deps, { accountId, tokenId: pathParam(request, 'tokenId') });
    return reply.code(204).send();
  });
}
