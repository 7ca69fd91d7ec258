import type { FastifyRequest } from 'fastify';
import { sameOriginPath } from '../../../domain/next-path.js';
import type { SecretBox } from '../../../ports/secret-box.js';
import type { SignInChecks } from '../../../ports/identity-provider.js';

/**
 * The browser's half of a single sign-on in progress: the state, nonce and PKCE verifier made
 * by `start`, and where to go afterwards, sealed with the server key (AES-256-GCM, bound to its
 * purpose) in an HttpOnly cookie. Nothing is stored on the server, so the provider may send the
 * browser back to any instance; the cookie ties the answer to the browser that asked (a state
 * from another browser is refused: login CSRF). SameSite=Lax: the provider's redirect back is a
 * top-level navigation, which carries it.
 */
export const FLOW_COOKIE = 'rehook_sso';
const FLOW_PATH = '/api/v1/auth/oidc';
/** How long a person may take at the provider, counted from `start`. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
const SEAL_CONTEXT = 'rehook-single-sign-on';

export interface SignInFlow {
  readonly checks: SignInChecks;
  /** Same-app path to open once signed in. */
  readonly next: string;
  /**
   * Set when a signed-in account started the flow to link single sign-on (Settings): the answer
   * links to this account, and only in the browser session that started it.
   */
  readonly link?: { readonly accountId: string; readonly sessionId: string };
  readonly expiresAt: number;
}

export function flowCookie(box: SecretBox, flow: SignInFlow, secure: boolean): string {
  const sealed = box.seal(JSON.stringify(flow), SEAL_CONTEXT);
  return `${FLOW_COOKIE}=${sealed}; Max-Age=${FLOW_TTL_MS / 1000}; Path=${FLOW_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearedFlowCookie(secure: boolean): string {
  return `${FLOW_COOKIE}=; Max-Age=0; Path=${FLOW_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The flow the request's cookie carries, or null: none, two, altered, sealed with another key, or expired. */
export function readFlowCookie(box: SecretBox, request: FastifyRequest, now: Date): SignInFlow | null {
  const values = (request.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${FLOW_COOKIE}=`))
    .map((pair) => pair.slice(FLOW_COOKIE.length + 1));
  if (values.length !== 1) return null;
  try {
    const flow = JSON.parse(box.open(values[0] as string, SEAL_CONTEXT)) as SignInFlow;
    return flow.expiresAt > now.getTime() ? flow : null;
  } catch {
    return null;
  }
}

/**
 * Only paths of this app are followed after sign-in: `next` resolved against the server's public
 * origin must stay on it (src/domain/next-path.ts); anything else goes to the dashboard.
 */
export function safeNextPath(value: unknown, origin: string): string {
  return sameOriginPath(value, origin);
}

/** Whether a browser navigated here (it asks for a page), rather than a program calling the API. */
export function wantsPage(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}
