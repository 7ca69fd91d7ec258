import { RehookApiError } from './errors.js';
import { type ApiTransport, dataOf, isObject, type Method } from './transport.js';
import type { Credentials, Session, SignInMethods } from './types.js';

/** A call answered with `{"data":{account, csrfToken}}`; remembers the CSRF token. */
async function startSession(api: ApiTransport, method: Method, path: string, body?: unknown): Promise<Session> {
  const response = await api.send(method, path, body);
  const session = await dataOf(response, (data) => typeof data['csrfToken'] === 'string' && isObject(data['account']));
  api.csrfToken = session['csrfToken'] as string;
  return session as unknown as Session;
}

export function signUp(api: ApiTransport, credentials: Credentials): Promise<Session> {
  return startSession(api, 'POST', '/api/v1/auth/signup', { email: credentials.email, password: credentials.password });
}

export function signIn(api: ApiTransport, credentials: Credentials): Promise<Session> {
  return startSession(api, 'POST', '/api/v1/auth/signin', { email: credentials.email, password: credentials.password });
}

/** The signed-in session, or null when nobody is signed in (`{"data":{"account":null}}`). */
export async function session(api: ApiTransport): Promise<Session | null> {
  let data: Record<string, unknown>;
  try {
    const response = await api.send('GET', '/api/v1/auth/session');
    data = await dataOf(
      response,
      (body) => body['account'] === null || (typeof body['csrfToken'] === 'string' && isObject(body['account'])),
    );
  } catch (err) {
    // An invalid Authorization header answers 401: nobody is signed in there either.
    if (err instanceof RehookApiError && err.code === 'UNAUTHORIZED') {
      api.csrfToken = undefined;
      return null;
    }
    throw err;
  }
  if (data['account'] === null) {
    api.csrfToken = undefined;
    return null;
  }
  api.csrfToken = data['csrfToken'] as string;
  return data as unknown as Session;
}

/** Ends this session (`signout`) or every session of the account (`signout-everywhere`). */
export async function signOut(api: ApiTransport, scope: 'signout' | 'signout-everywhere'): Promise<void> {
  await api.send('POST', `/api/v1/auth/${scope}`);
  api.csrfToken = undefined;
}

/** How people sign in to the server: password, sign-up, single sign-on. */
export async function signInMethods(api: ApiTransport): Promise<SignInMethods> {
  return (await api.data('GET', '/api/v1/auth/methods', 'methods')) as SignInMethods;
}
