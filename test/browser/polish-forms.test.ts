import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { collectConsoleErrors } from './console-errors.js';
import { newPage, receiver, rig, savedInbox, signUp, useFeatureRig } from './features-support.js';
import { assertAccessible, createInboxFromHome, ingest, row, waitLive } from './support.js';

// Forms of the web app that misled a user, in real headless Chromium: a refused filter, the
// default answer of the response settings, where a replay's result lands, and the console of a
// journey through the app without a failing action. Every wait is on a condition.

useFeatureRig();

/** The list requests the page sends from now on (their query strings). */
function listRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/v1\/inboxes\/inb_\w+\/events$/.test(url.pathname)) seen.push(url.search);
  });
  return seen;
}

/** Where the element is against the window: inside it, or how far below. */
async function placeOf(locator: Locator): Promise<{ top: number; bottom: number; viewport: number }> {
  return locator.evaluate((element: { getBoundingClientRect(): { top: number; bottom: number } }) => {
    const rect = element.getBoundingClientRect();
    return {
      top: rect.top,
      bottom: rect.bottom,
      viewport: (globalThis as unknown as { innerHeight: number }).innerHeight,
    };
  });
}

describe('filters', () => {
  test('a value the form can tell is invalid is not sent: its message shows at the field, the list and the URL keep the previous filter', async () => {
    const { page, context } = await newPage({ width: 1280, height: 860 });
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    await ingest(url, { path: '/one' });
    await ingest(url, { path: '/two' });
    await row(page, '/two').waitFor();
    const sent = listRequests(page);

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Since').fill('yesterday');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const error = page.locator('#filter-since-error');
    await error.waitFor();
    assert.match((await error.textContent()) ?? '', /since must be an ISO 8601 time/);
    assert.equal(await page.getByLabel('Since').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('Since').inputValue(), 'yesterday', 'the value stays to be fixed');
    assert.equal(await page.locator('.event-row').count(), 2, 'the previous results stay');
    assert.equal(await page.locator('.list-count').textContent(), '2 requests');
    assert.equal(new URL(page.url()).searchParams.has('since'), false);
    assert.deepEqual(
      sent.filter((search) => search.includes('since')),
      [],
      'no list request carries the invalid value',
    );
    await assertAccessible(page, 'a refused filter');

    // A value only the server can judge (a search longer than it takes): its message, same place.
    await page.getByLabel('Since').fill('');
    await page.getByLabel('Search requests').fill('x'.repeat(1025));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const refused = page.locator('#filter-q-error');
    await refused.waitFor();
    assert.match((await refused.textContent()) ?? '', /q must be at most 1024 characters/);
    assert.equal(await page.locator('.event-row').count(), 2);
    assert.equal(new URL(page.url()).search, '');

    // A valid filter still applies, and a reload keeps only what was applied.
    await page.getByLabel('Search requests').fill('');
    // The filters stay open after the refusal above.
    await page.getByLabel('Path starts with').fill('/one');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/path=%2Fone/);
    await page.locator('.list-count', { hasText: '1 matching' }).waitFor();
    await page.reload();
    await waitLive(page);
    await row(page, '/one').waitFor();
    assert.equal(await page.locator('.event-row').count(), 1);
    await context.close();
  });
});

describe('response settings', () => {
  test('the default answer starts from the one in force, so adding a rule and saving keeps what other requests get', async () => {
    const { page, context } = await newPage();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByTestId('response-settings');
    await section.getByText('The inbox answers 200 {"ok":true} (the default).').waitFor();
    assert.equal(await section.getByLabel('Status').first().inputValue(), '200');
    assert.equal(await section.getByLabel('Body').first().inputValue(), '{"ok":true}');
    assert.match(await section.getByLabel('Headers').first().inputValue(), /^content-type: application\/json$/i);

    await page.getByRole('button', { name: 'Add a rule' }).click();
    const rule = section.getByTestId('response-rule').first();
    await rule.getByLabel('Path starts with').fill('/github');
    await rule.getByLabel('Status').fill('202');
    await rule.getByLabel('Body').fill('queued');
    await page.getByRole('button', { name: 'Save response' }).click();
    await section.getByText('Saved: the inbox answers this from now on.').waitFor();

    const other = await fetch(`${url}/stripe`, { method: 'POST', body: '{}' });
    assert.equal(other.status, 200);
    assert.match(other.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(await other.text(), '{"ok":true}');
    const github = await fetch(`${url}/github/push`, { method: 'POST', body: '{}' });
    assert.equal(github.status, 202);
    assert.equal(await github.text(), 'queued');
    await context.close();
  });
});

describe('replay', () => {
  for (const viewport of [
    { width: 1280, height: 860 },
    { width: 390, height: 844 },
  ]) {
    test(`with the edit fields open, the result is scrolled into view and focused (${viewport.width}x${viewport.height})`, async () => {
      const { page, context } = await newPage(viewport);
      const { url } = await savedInbox(page, `Replay scroll ${viewport.width}`);
      await ingest(url, {
        path: '/scroll',
        headers: { 'content-type': 'application/json', 'x-one': '1', 'x-two': '2', 'x-three': '3' },
        body: JSON.stringify({ event: 'order.paid', lines: Array.from({ length: 12 }, (_, i) => ({ i })) }),
      });
      await row(page, '/scroll').click();
      await page.getByRole('tab', { name: 'Replay' }).click();
      await page.getByLabel('Destination URL').fill(`${receiver.url}/scrolled`);
      await page.getByLabel('Edit the request first').check();
      const replay = page.getByRole('button', { name: 'Replay', exact: true });
      await replay.scrollIntoViewIfNeeded();
      await replay.click();
      const result = page.getByTestId('replay-result');
      await result.waitFor();
      // Focus moves to the outcome (which holds the result), away from the Replay button.
      await page.waitForFunction(() => {
        const doc = (globalThis as unknown as { document: any }).document;
        const shown = doc.querySelector('[data-testid="replay-result"]');
        const active = doc.activeElement;
        return shown !== null && active !== null && active !== doc.body && active.contains(shown);
      });
      const place = await placeOf(result);
      assert.ok(
        place.top >= 0 && place.top < place.viewport,
        `the result starts inside the window (top ${place.top}, window ${place.viewport})`,
      );
      assert.equal(await page.locator('.replay-outcome [role="status"]').textContent(), 'Replay answered 200.');
      await context.close();
    });
  }
});

describe('console', () => {
  test('a journey without a failing action logs no console error', async () => {
    const context = await rig.context();
    const errors = collectConsoleErrors(context);
    const page = await context.newPage();
    // Signed out: home, sign-in, sign-up.
    for (const path of ['/', '/signin', '/signup']) {
      await page.goto(`${rig.rehook.apiUrl}${path}`);
      await page.locator('main h1').first().waitFor();
    }
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    // Signed up: the dashboard, a saved inbox with events, every tab of the inspector.
    await signUp(page);
    await page.getByLabel('Name of the new inbox').fill('Console journey');
    await page.getByRole('button', { name: 'New inbox' }).click();
    await page.getByRole('link', { name: /Console journey/ }).click();
    await waitLive(page);
    const url = await page.locator('#ingest-url').inputValue();
    await ingest(url, { path: '/json', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    await ingest(url, { path: '/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    await row(page, '/json').click();
    for (const tab of ['Raw', 'curl', 'Replay', 'Forwarding', 'Request']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page
        .locator(`#inspector-tab-${tab === 'Forwarding' ? 'deliveries' : tab.toLowerCase()}[aria-selected="true"]`)
        .waitFor();
    }
    // The settings panels, before anything is set (no forwarding, no signature secret).
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('response-settings').getByText('The inbox answers 200 {"ok":true} (the default).').waitFor();
    await page.getByTestId('signature-settings').getByText('Off: requests show as unchecked.').waitFor();
    await page.getByTestId('forwarding-settings').getByText('Off.', { exact: true }).waitFor();
    // The tokens page, then back to the dashboard.
    await page.goto(`${rig.rehook.apiUrl}/settings/tokens`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${rig.rehook.apiUrl}/dashboard`);
    await page.getByRole('link', { name: /Console journey/ }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
