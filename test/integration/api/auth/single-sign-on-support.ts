// A browser stand-in for single sign-on over real HTTP: a cookie jar per origin, redirects
// followed by hand, and the test provider's login and consent forms submitted as a person would.
import assert from 'node:assert/strict';
import type { TestRehook } from '../../../helpers/rehook.js';

export interface Answer {
  readonly url: string;
  readonly status: number;
  readonly location: string | null;
  readonly headers: Headers;
  readonly text: string;
}

/** Keeps the cookies each origin sets (Max-Age=0 deletes) and sends them back to it. */
export class Browser {
  readonly jars = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  async send(url: string, init: { method?: string; form?: URLSearchParams; accept?: string } = {}): Promise<Answer> {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    const headers: Record<string, string> = { accept: init.accept ?? 'text/html' };
    if (jar.size > 0) headers['cookie'] = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      redirect: 'manual',
      ...(init.form ? { body: init.form.toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (/max-age=0/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    return {
      url,
      status: res.status,
      location: location === null ? null : new URL(location, url).href,
      headers: res.headers,
      text: await res.text(),
    };
  }
}

/**
 * From Rehook's start URL through the provider's login (as `login`) and consent, up to the answer
 * of Rehook's callback, which is returned (not followed). `tamper` may change the callback URL
 * before the browser opens it.
 */
export async function signInAtProvider(
  browser: Browser,
  rehook: TestRehook,
  login: string,
  opts: { tamper?: (callback: URL) => URL; next?: string; accept?: string; providerUrl?: string } = {},
): Promise<Answer> {
  const start = `${rehook.apiUrl}/api/v1/auth/oidc/start${opts.next !== undefined ? `?next=${encodeURIComponent(opts.next)}` : ''}`;
  // A link started in Settings hands the provider's URL over in JSON instead of a redirect.
  let answer = await browser.send(opts.providerUrl ?? start);
  if (opts.providerUrl === undefined) assert.equal(answer.status, 302, answer.text);
  for (let step = 0; step < 20; step += 1) {
    let next = answer.location;
    if (next === null) {
      const action = /<form method="post" action="([^"]+)"/.exec(answer.text)?.[1];
      assert.ok(action, `no redirect and no form at ${answer.url}: ${answer.status} ${answer.text.slice(0, 300)}`);
      const form = new URLSearchParams(action.endsWith('/login') ? { login } : {});
      answer = await browser.send(new URL(action, answer.url).href, { method: 'POST', form });
      continue;
    }
    if (next.startsWith(`${rehook.apiUrl}/api/v1/auth/oidc/callback`)) {
      if (opts.tamper) next = opts.tamper(new URL(next)).href;
      return browser.send(next, { accept: opts.accept ?? 'application/json' });
    }
    answer = await browser.send(next);
  }
  throw new Error('the provider never sent the browser back');
}
