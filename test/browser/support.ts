import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { describeViolations, launchBrowser, newContext, seriousA11yViolations } from '../helpers/browser.js';

// Functions passed to page.evaluate run in the browser; this file is type-checked without the DOM library.
declare const window: any;
declare const document: any;
declare const navigator: any;

/**
 * The browser tests: a real Rehook (test/helpers/rehook.ts, every API answer held to
 * openapi.json) serving the built web app (dist/ui: `npm test` builds first), and Debian's
 * headless Chromium driven by playwright-core. Every wait is on a condition (Playwright's
 * auto-waiting locators), with generous limits for a loaded 2-core machine; none is a sleep.
 */

/** Generous: a loaded CI machine runs other suites beside these. */
export const WAIT_MS = 30_000;

export interface BrowserRig {
  readonly rehook: TestRehook;
  readonly browser: Browser;
  /** A new context (own cookies and storage) with clipboard access and the injection detectors. */
  context(options?: {
    colorScheme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
  }): Promise<BrowserContext>;
  /** A page of a new context, on `path`. */
  open(path: string, options?: { context?: BrowserContext }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Records, in the page, any sign of captured content running: the flag hostile payloads set
 * (`window.__rehookPwned`) and every Content-Security-Policy violation report.
 */
const DETECTORS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
`;

export async function startRig(env: Record<string, string> = {}): Promise<BrowserRig> {
  const rehook = await startTestRehook({ env });
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (err) {
    await rehook.stop();
    throw err;
  }
  const contexts: BrowserContext[] = [];
  const context: BrowserRig['context'] = async (options = {}) => {
    const created = await newContext(browser, options);
    contexts.push(created);
    await created.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rehook.apiUrl });
    await created.addInitScript(DETECTORS);
    created.setDefaultTimeout(WAIT_MS);
    return created;
  };
  return {
    rehook,
    browser,
    context,
    open: async (path, options = {}) => {
      const page = await (options.context ?? (await context())).newPage();
      await page.goto(rehook.apiUrl + path);
      return page;
    },
    close: async () => {
      for (const created of contexts) await created.close().catch(() => undefined);
      await browser.close();
      await rehook.stop();
    },
  };
}

/** Sends a request to an inbox's ingest URL (as a provider would); resolves once stored. */
export async function ingest(
  inboxUrl: string,
  request: {
    method?: string;
    path?: string;
    query?: string;
    headers?: Record<string, string>;
    body?: string | Uint8Array;
  } = {},
): Promise<void> {
  const url = `${inboxUrl}${request.path ?? ''}${request.query ? `?${request.query}` : ''}`;
  const init: RequestInit = { method: request.method ?? 'POST', headers: request.headers ?? {} };
  if (request.body !== undefined) init.body = request.body as NonNullable<RequestInit['body']>;
  const response = await fetch(url, init);
  assert.equal(response.status, 200, `ingest answered ${response.status}`);
  await response.arrayBuffer();
}

/** The inbox id of an inbox page's URL. */
export function inboxIdOf(page: Page): string {
  const match = /\/inboxes\/(inb_[a-z0-9]+)/.exec(page.url());
  assert.ok(match, `not an inbox page: ${page.url()}`);
  return match[1] as string;
}

/** The ingest URL shown on an inbox page. */
export async function ingestUrlOf(page: Page): Promise<string> {
  const value = await page.locator('#ingest-url').inputValue();
  assert.match(value, /^http:\/\/127\.0\.0\.1:\d+\/i\/inb_/);
  return value;
}

/** Creates an anonymous inbox from the home page; resolves on its page once the stream is live. */
export async function createInboxFromHome(page: Page): Promise<{ inboxId: string; url: string }> {
  await page.getByTestId('create-inbox').click();
  await page.waitForURL(/\/inboxes\/inb_/);
  await waitLive(page);
  return { inboxId: inboxIdOf(page), url: await ingestUrlOf(page) };
}

export async function waitLive(page: Page): Promise<void> {
  await page.locator('[data-testid="live-status"][data-status="live"]').waitFor();
}

/** The list row of the event whose path (below the inbox) is `path`. */
export function row(page: Page, path: string): Locator {
  return page.locator('.event-row', {
    has: page.locator('.event-path', { hasText: new RegExp(`^${escapeRegExp(path)}(\\?|$)`) }),
  });
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** No critical or serious axe-core violation on the page as it is now. */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  assert.equal(violations.length, 0, `${what}: axe-core found\n${describeViolations(violations)}`);
}

/** Nothing captured ran: the payloads' flag is unset and the CSP reported nothing. */
export async function assertNothingRan(page: Page): Promise<void> {
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __rehookPwned?: unknown }).__rehookPwned ?? null,
    csp: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    scripts: document.querySelectorAll('#app script, #app iframe, #app object, #app embed, #app img').length,
    javascriptLinks: document.querySelectorAll(
      'a[href^="javascript:" i], [src^="javascript:" i], [action^="javascript:" i]',
    ).length,
    handlers: [...document.querySelectorAll('#app *')].filter((element) =>
      [...element.attributes].some((attribute) => attribute.name.startsWith('on')),
    ).length,
  }));
  assert.deepEqual(state, { pwned: null, csp: [], scripts: 0, javascriptLinks: 0, handlers: 0 });
}

/** The clipboard's text (the context was granted clipboard access). */
export async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

let signUpCounter = 0;

/** Signs a new account up through the web app's form; resolves with its e-mail once on the dashboard. */
export async function signUpInBrowser(rig: BrowserRig, page: Page, label: string, password: string): Promise<string> {
  signUpCounter += 1;
  const email = `${label}${signUpCounter}-${process.pid}@example.test`;
  await page.goto(`${rig.rehook.apiUrl}/signup`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard$/);
  return email;
}

/**
 * With REHOOK_WRITE_SCREENSHOTS=1 (`npm run screenshots:tests`), the page as it is now into
 * docs/screenshots/<name>.png; otherwise nothing, so a test run leaves the docs as they are.
 */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  if (process.env['REHOOK_WRITE_SCREENSHOTS'] !== '1') return;
  await page.screenshot({ path: join(import.meta.dirname, '..', '..', 'docs', 'screenshots', `${name}.png`) });
}
