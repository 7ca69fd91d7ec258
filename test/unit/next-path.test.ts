// The rule for where a browser may go after signing in (src/domain/next-path.ts), shared by the
// server's single sign-on and the web app's /signin?next=: resolved against the origin, kept
// only as a path of it. The HTTP suite (single-sign-on-next.test.ts) and the browser suite prove
// the redirect itself; this one holds the notations the browser and the web app both meet.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_NEXT_PATH, sameOriginPath } from '../../src/domain/next-path.js';

const ORIGIN = 'https://rehook.example.com';

describe('sameOriginPath', () => {
  it('keeps paths of the origin, with query and fragment, as the browser would serialise them', () => {
    assert.equal(sameOriginPath('/settings', ORIGIN), '/settings');
    assert.equal(sameOriginPath('/inboxes/inb_1?q=%2F%2Fx#e', ORIGIN), '/inboxes/inb_1?q=%2F%2Fx#e');
    assert.equal(sameOriginPath('/a/./b/../c', ORIGIN), '/a/c');
    assert.equal(sameOriginPath('/caf%C3%A9', ORIGIN), '/caf%C3%A9');
    // Kept as a path even when the origin has one of its own.
    assert.equal(sameOriginPath('/teams', `${ORIGIN}/`), '/teams');
  });

  it('sends everything that could leave the origin, or is not a string, to the dashboard', () => {
    const hostile: unknown[] = [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\u0000/evil.example',
      '/\u007f/evil.example',
      '/\u0085/evil.example',
      '/.//evil.example',
      '/a/../..//evil.example',
      '/%2e%2e//evil.example',
      '/%2F%2Fevil.example',
      '/%5C%5Cevil.example',
      '/%09/evil.example',
      '/%252F%252Fevil.example',
      '/%2525252F%2525252Fevil.example',
      '/%E0%A4%A',
      '/x?next=\\evil.example',
      'https://evil.example',
      `${ORIGIN}.evil.example/`,
      `${ORIGIN}@evil.example/`,
      'javascript:alert(1)',
      'evil.example',
      '',
      'x'.repeat(10) + '/'.repeat(2000),
      `/${'a'.repeat(2001)}`,
      null,
      42,
      ['/settings'],
    ];
    for (const value of hostile) assert.equal(sameOriginPath(value, ORIGIN), DEFAULT_NEXT_PATH, JSON.stringify(value));
  });

  it('never answers anything but a path that resolves to the origin', () => {
    for (const value of ['/ok', '//x', '/\\x', '/%2f%2fx', 'https://x', '/\n/x']) {
      const kept = sameOriginPath(value, ORIGIN);
      assert.ok(kept.startsWith('/') && !kept.startsWith('//'), kept);
      assert.equal(new URL(kept, ORIGIN).origin, ORIGIN);
    }
  });
});
