// Where a browser goes after single sign-on (`?next=` of the start), over real HTTP against a
// real OpenID provider: `next` is resolved against the server's origin and kept only when it
// stays there. Every notation that leaves for another host (control characters that browsers
// drop, backslashes that they read as slashes, dot segments, schemes, percent-encoded variants a
// router might decode) lands on the dashboard instead; same-app paths are kept as they are.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ssoEnv, startTestOpenIdProvider, type TestOpenIdProvider } from '../../../helpers/openid-provider.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { uniqueEmail } from '../session-support.js';
import { Browser, signInAtProvider } from './single-sign-on-support.js';

const HOSTILE_NEXT: readonly string[] = [
  '//evil.example/x',
  '/\\evil.example/x',
  '/\t/evil.example/x',
  '/\t\\evil.example/x',
  '/\r\n/evil.example/x',
  '/\n\n//evil.example/x',
  '\t//evil.example/x',
  ' //evil.example/x',
  '/.//evil.example/x',
  '/x/..//evil.example/x',
  '/%2e%2e//evil.example/x',
  '/%09/evil.example/x',
  '/%2F/evil.example/x',
  '/%2f%2fevil.example/x',
  '/%5Cevil.example/x',
  '/%252F%252Fevil.example/x',
  '/%25252F%25252Fevil.example/x',
  '/%C2%85/evil.example/x',
  '%2F%2Fevil.example/x',
  'https://evil.example/x',
  'HTTPS://evil.example/x',
  'http:evil.example/x',
  'http:\\\\evil.example/x',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '@evil.example/x',
  'evil.example/x',
  '',
];

describe('single sign-on: where the browser goes afterwards', () => {
  let provider: TestOpenIdProvider;
  let rehook: TestRehook;

  before(async () => {
    provider = await startTestOpenIdProvider();
    // Thirty-odd sign-ins from one address: more than REHOOK_RATE_SIGNIN's default allows.
    rehook = await startTestRehook({ env: ssoEnv(provider, { REHOOK_RATE_SIGNIN: '0' }) });
    provider.allowRedirect(`${rehook.apiUrl}/api/v1/auth/oidc/callback`);
    provider.addUser({ sub: 'next-sub', email: uniqueEmail('next'), email_verified: true });
  });
  after(async () => {
    await rehook.stop();
    await provider.stop();
  });

  it('sends every notation that would leave the server to the dashboard', async () => {
    const landed: Array<[string, string | null, number]> = [];
    for (const next of HOSTILE_NEXT) {
      const done = await signInAtProvider(new Browser(), rehook, 'next-sub', { next });
      landed.push([next, done.location, done.status]);
    }
    assert.deepEqual(
      landed,
      HOSTILE_NEXT.map((next) => [next, `${rehook.apiUrl}/dashboard`, 302]),
    );
  });

  it('answers with a path only, never a URL the browser could resolve elsewhere', async () => {
    for (const next of ['/\t/evil.example/x', '/settings']) {
      const answer = await signInAtProvider(new Browser(), rehook, 'next-sub', { next });
      // The raw header, as the browser reads it (the helper resolves it against the request URL).
      assert.equal(answer.headers.get('location'), next === '/settings' ? '/settings' : '/dashboard');
    }
  });

  it('keeps the paths of this app, with their query and fragment, and defaults to the dashboard', async () => {
    const kept = ['/settings', '/inboxes/inb_01abc?method=POST&q=%2F%2Fx#events', '/teams/tem_1/audit'];
    for (const next of kept) {
      const done = await signInAtProvider(new Browser(), rehook, 'next-sub', { next });
      assert.equal(done.location, `${rehook.apiUrl}${next}`, next);
    }
    const none = await signInAtProvider(new Browser(), rehook, 'next-sub');
    assert.equal(none.location, `${rehook.apiUrl}/dashboard`);
  });
});
