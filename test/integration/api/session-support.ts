// Browser sessions over real HTTP for the account suites (auth*.test.ts): signing up and in,
// reading Set-Cookie as a browser would, and sending the cookie (with its CSRF token) back.
import assert from 'node:assert/strict';
import type { EventSummary } from '../../../src/domain/captured-event.js';
import type { AfterPage } from '../../../src/ports/event-repository.js';
import type { TestRehook } from '../../helpers/rehook.js';
import { assertError, call } from './support.js';

export const SESSION_VALUE = /^rhs_[0-9abcdefghjkmnpqrstvwxyz]{40}$/;
export const CSRF = /^[0-9abcdefghjkmnpqrstvwxyz]{32}$/;
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface SignedIn {
  /** `rehook_session=<secret>`, ready for a Cookie header. */
  readonly cookie: string;
  readonly secret: string;
  readonly csrfToken: string;
  readonly accountId: string;
  /** The whole Set-Cookie line. */
  readonly setCookie: string;
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${process.pid}-${Date.now()}@example.test`;
}

/** The one Set-Cookie line of an answer for rehook_session (fails when there is not exactly one). */
export function sessionSetCookie(headers: Headers): string {
  const lines = headers.getSetCookie().filter((line) => line.startsWith('rehook_session='));
  assert.equal(
    lines.length,
    1,
    `expected one rehook_session Set-Cookie, got ${JSON.stringify(headers.getSetCookie())}`,
  );
  return lines[0] as string;
}

/** Attribute names (lower-cased) and values of a Set-Cookie line, and its value. */
export function parseSetCookie(line: string): { value: string; attributes: Map<string, string> } {
  const [pair = '', ...rest] = line.split(';');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf('=');
    const name = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
    attributes.set(name, eq === -1 ? '' : part.slice(eq + 1).trim());
  }
  return { value: pair.slice(pair.indexOf('=') + 1), attributes };
}

export async function signUp(
  rehook: TestRehook,
  email: string,
  password = 'correct horse battery',
  headers: Record<string, string> = {},
): Promise<SignedIn> {
  const res = await call(rehook.apiUrl, '/api/v1/auth/signup', { method: 'POST', json: { email, password }, headers });
  assert.equal(res.status, 201, res.text);
  return signedInFrom(res);
}

export async function signIn(rehook: TestRehook, email: string, password = 'correct horse battery'): Promise<SignedIn> {
  const res = await call(rehook.apiUrl, '/api/v1/auth/signin', { method: 'POST', json: { email, password } });
  assert.equal(res.status, 200, res.text);
  return signedInFrom(res);
}

export function signedInFrom(res: { headers: Headers; body: any }): SignedIn {
  const setCookie = sessionSetCookie(res.headers);
  const { value } = parseSetCookie(setCookie);
  return {
    cookie: `rehook_session=${value}`,
    secret: value,
    csrfToken: res.body.data.csrfToken,
    accountId: res.body.data.account.id,
    setCookie,
  };
}

/** Headers of a browser request made with the session: the cookie, and X-CSRF-Token unless `csrf` is false. */
export function asSession(session: SignedIn, csrf = true): Record<string, string> {
  return csrf ? { cookie: session.cookie, 'x-csrf-token': session.csrfToken } : { cookie: session.cookie };
}

/** 401 UNAUTHORIZED because the session cookie names no live session. */
export function assertUnauthorizedSession(res: { status: number; body: any; text: string }): void {
  assertError(res, 401, 'UNAUTHORIZED');
}

/** Resolves once `predicate` holds; fails only when it never does (a hang, not a timing bound). */
export async function waitUntil(
  predicate: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Resolves once a long-poll on the inbox has read the store, found nothing and goes to wait:
 * from then on a stored event wakes it (the store's listAfter is wrapped; no sleeps).
 */
export function nextPollWaits(rehook: TestRehook, inboxId: string): Promise<void> {
  const events = rehook.deps.store.events;
  const original = events.listAfter;
  return new Promise((resolve) => {
    events.listAfter = async (id: string, page: AfterPage): Promise<EventSummary[]> => {
      const rows = await original.call(events, id, page);
      if (id === inboxId && rows.length === 0) {
        events.listAfter = original;
        resolve();
      }
      return rows;
    };
  });
}
