import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** A person at the test provider: the claims its ID tokens carry. */
export interface ProviderUser {
  readonly sub: string;
  readonly email: string;
  readonly email_verified: boolean;
  readonly name?: string;
  readonly groups?: readonly string[];
}

export interface TestOpenIdProvider {
  /** Issuer URL (http://127.0.0.1:<port>), REHOOK_OIDC_ISSUER. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Lets the provider send browsers back to this redirect URI (Rehook's, known once it listens). */
  allowRedirect(uri: string): void;
  /** Adds or replaces a person who can sign in (by typing their `sub` at the login page). */
  addUser(user: ProviderUser): void;
  /**
   * While on, the token endpoint's ID tokens reach the client with one byte of their signature
   * changed, as a forger without the provider's keys would send them.
   */
  forgeIdTokens(on: boolean): void;
  stop(): Promise<void>;
}

const CLIENT_ID = 'rehook-test';
const CLIENT_SECRET = 'test-client-secret-0123456789';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(res: ServerResponse, title: string, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID provider (oidc-provider, the certified one) on a loopback port, with one client
 * for Rehook and a small login and consent interaction of its own: the login page asks for the
 * user's `sub`, the consent page for "Allow". Its ID tokens carry email, email_verified, name and
 * groups, signed with the provider's keys; PKCE is required.
 */
export async function startTestOpenIdProvider(): Promise<TestOpenIdProvider> {
  const users = new Map<string, ProviderUser>();
  let forging = false;
  const redirectUris: string[] = [];
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let provider: Provider | null = null;

  const configuration = (): Configuration => ({
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [...redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    // Claims in the ID token itself, as Rehook reads them (not only from userinfo).
    conformIdTokenClaims: false,
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, sub) => {
      const user = users.get(sub);
      if (user === undefined) return undefined;
      return { accountId: sub, claims: () => ({ ...user, groups: user.groups ? [...user.groups] : undefined }) };
    },
  });

  const interaction = async (req: IncomingMessage, res: ServerResponse, current: Provider): Promise<void> => {
    const details = await current.interactionDetails(req, res);
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && details.prompt.name === 'login') {
      page(
        res,
        'Sign in to the test provider',
        `<form method="post" action="/interaction/${details.uid}/login">` +
          '<label for="login">User</label> <input id="login" name="login" autocomplete="username"> ' +
          '<button type="submit">Sign in</button></form>',
      );
      return;
    }
    if (req.method === 'GET') {
      page(
        res,
        'Allow Rehook?',
        `<p>Rehook asks for: ${escapeHtml(String(details.params['scope']))}</p>` +
          `<form method="post" action="/interaction/${details.uid}/confirm"><button type="submit">Allow</button></form>`,
      );
      return;
    }
    const form = await formBody(req);
    if (url.pathname.endsWith('/login')) {
      const login = form.get('login') ?? '';
      const result = users.has(login)
        ? { login: { accountId: login } }
        : { error: 'access_denied', error_description: 'no such user' };
      await current.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new current.Grant({ accountId: details.session?.accountId ?? '', clientId: CLIENT_ID });
    grant.addOIDCScope(String(details.params['scope']));
    const grantId = await grant.save();
    await current.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    provider ??= new Provider(issuer, configuration());
    const current = provider;
    if ((req.url ?? '').startsWith('/interaction/')) {
      interaction(req, res, current).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
      return;
    }
    if (forging && req.method === 'POST' && (req.url ?? '').startsWith('/token')) forgeTokenAnswer(res);
    void current.callback()(req, res);
  });

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    allowRedirect: (uri) => {
      redirectUris.push(uri);
      // The client list is read when the provider is made: a new redirect URI needs a new one.
      provider = null;
    },
    addUser: (user) => users.set(user.sub, user),
    forgeIdTokens: (on) => {
      forging = on;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Changes the last signature byte of the ID token in the token endpoint's JSON answer. */
function forgeTokenAnswer(res: ServerResponse): void {
  const end = res.end.bind(res);
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
      const body = JSON.parse(chunk.toString()) as { id_token?: string };
      if (body.id_token !== undefined) {
        const last = body.id_token.at(-2) === 'A' ? 'B' : 'A';
        body.id_token = `${body.id_token.slice(0, -2)}${last}${body.id_token.at(-1)}`;
        const text = JSON.stringify(body);
        res.setHeader('content-length', Buffer.byteLength(text));
        return (end as (chunk: string, ...rest: unknown[]) => ServerResponse)(text, ...rest);
      }
    }
    return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
  }) as typeof res.end;
}

/** Settings that turn single sign-on on against the test provider. */
export function ssoEnv(provider: TestOpenIdProvider, extra: Record<string, string> = {}): Record<string, string> {
  return {
    REHOOK_OIDC_ISSUER: provider.issuer,
    REHOOK_OIDC_CLIENT_ID: provider.clientId,
    REHOOK_OIDC_CLIENT_SECRET: provider.clientSecret,
    REHOOK_OIDC_NAME: 'Test SSO',
    REHOOK_OIDC_SCOPES: 'openid email profile groups',
    REHOOK_OIDC_TEAMS_CLAIM: 'groups',
    ...extra,
  };
}
