import { type ApiTransport, id } from './transport.js';
import type { CreatedToken, Token, TokenLimits } from './types.js';

export async function listTokens(api: ApiTransport): Promise<Token[]> {
  return (await api.data('GET', '/api/v1/tokens', 'tokens')) as Token[];
}

export async function createToken(api: ApiTransport, name: string, limits: TokenLimits = {}): Promise<CreatedToken> {
  return (await api.data('POST', '/api/v1/tokens', 'token', { name, ...limits })) as CreatedToken;
}

export async function revokeToken(api: ApiTransport, tokenId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/tokens/${id(tokenId)}`);
}
