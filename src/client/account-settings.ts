import { type ApiTransport, dataOf, id } from './transport.js';
import type { Account, AccountSession, SingleSignOnLink, Token } from './types.js';

export async function getAccount(api: ApiTransport): Promise<{ account: Account; token: Token | null }> {
  const response = await api.send('GET', '/api/v1/account');
  const data = await dataOf(response, (body) => typeof body['account'] === 'object' && body['account'] !== null);
  return data as unknown as { account: Account; token: Token | null };
}

export async function updateAccount(
  api: ApiTransport,
  profile: { email?: string; displayName?: string | null; currentPassword?: string },
): Promise<Account> {
  return (await api.data('PATCH', '/api/v1/account', 'account', profile)) as Account;
}

export async function singleSignOnLink(api: ApiTransport): Promise<SingleSignOnLink> {
  return (await api.data('GET', '/api/v1/account/single-sign-on', 'singleSignOn')) as SingleSignOnLink;
}

/** Starts linking (a browser session only): the provider URL to open; the flow cookie is set. */
export async function startSingleSignOnLink(api: ApiTransport): Promise<string> {
  return (await api.data('POST', '/api/v1/account/single-sign-on/link', 'url')) as string;
}

export async function changePassword(api: ApiTransport, currentPassword: string, newPassword: string): Promise<void> {
  await api.send('POST', '/api/v1/account/password', { currentPassword, newPassword });
}

export async function listSessions(api: ApiTransport): Promise<AccountSession[]> {
  return (await api.data('GET', '/api/v1/account/sessions', 'sessions')) as AccountSession[];
}

export async function endSession(api: ApiTransport, sessionId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/account/sessions/${id(sessionId)}`);
}

export async function endOtherSessions(api: ApiTransport): Promise<number> {
  return (await api.data('DELETE', '/api/v1/account/sessions', 'ended')) as number;
}

export async function deleteAccount(api: ApiTransport, confirmation: string | { email: string }): Promise<void> {
  await api.send(
    'DELETE',
    '/api/v1/account',
    typeof confirmation === 'string' ? { password: confirmation } : confirmation,
  );
}
