import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { collectConsoleErrors } from './console-errors.js';
import { assertAccessible, docsScreenshot, signUpInBrowser, startRig, type BrowserRig } from './support.js';

// The audit logs in real Chromium: Settings > Audit log shows the account's own entries (a
// failed sign-in made from another browser included), a team page leads its owner to the
// team's log, whose action filter narrows the list. Both pages are checked with axe, logged no
// console error, and are photographed for the README.

let rig: BrowserRig;
const PASSWORD = 'correct horse battery staple';

before(async () => {
  rig = await startRig();
});
after(async () => {
  await rig?.close();
});

/** The actions of the log's rows, top (newest) first. */
async function actionsShown(page: Page): Promise<string[]> {
  return page
    .getByTestId('audit-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action') ?? ''));
}

describe('audit log pages', () => {
  test('Settings > Audit log and a team audit log: entries, filter, axe, no console error', async () => {
    const context = await rig.context({ viewport: { width: 1280, height: 860 }, colorScheme: 'light' });
    const errors = collectConsoleErrors(context);
    const page = await context.newPage();
    const email = await signUpInBrowser(rig, page, 'audit', PASSWORD);

    // A team with an invitation link: two entries of the team's log.
    await page.getByRole('link', { name: 'Teams', exact: true }).click();
    await page.getByLabel('Team name').fill('Payments');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('heading', { name: 'Payments' }).waitFor();
    await page.getByLabel('Invite as').selectOption('viewer');
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    await page.getByTestId('invitation-table').waitFor();

    // Someone tries the account's password from another browser (its own 401 is its business).
    const other = await (await rig.context()).newPage();
    await other.goto(`${rig.rehook.apiUrl}/signin`);
    await other.getByLabel('E-mail address').fill(email);
    await other.getByLabel('Password').fill('not the password at all');
    const refused = other.waitForResponse((r) => r.url().endsWith('/api/v1/auth/signin') && r.status() === 401);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await refused;

    // The team's log, from the team page.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(/\/teams\/tem_[a-z0-9]+\/audit$/);
    await page.getByRole('heading', { name: 'Audit log of Payments' }).waitFor();
    await page.locator('[data-action="member.invited"]').waitFor();
    assert.deepEqual(await actionsShown(page), ['member.invited', 'team.created']);
    await assertAccessible(page, 'team audit log');
    await docsScreenshot(page, 'audit-team');
    await page.getByLabel('Action').selectOption('team.created');
    // The old list goes while the filtered page loads; then the filtered list comes.
    await page.locator('[data-action="member.invited"]').waitFor({ state: 'detached' });
    await page.locator('[data-action="team.created"]').waitFor();
    assert.deepEqual(await actionsShown(page), ['team.created']);

    // Settings > Audit log: the account's own entries, the refused sign-in first.
    await page.goto(`${rig.rehook.apiUrl}/settings`);
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(/\/settings\/audit$/);
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.locator('[data-action="auth.sign_in"]').waitFor();
    assert.deepEqual(await actionsShown(page), ['auth.sign_in', 'member.invited', 'team.created']);
    const signIn = page.locator('[data-action="auth.sign_in"]');
    assert.match((await signIn.textContent()) ?? '', /denied/);
    assert.match((await signIn.textContent()) ?? '', /no account signed in/);
    await assertAccessible(page, 'settings audit log');
    await docsScreenshot(page, 'audit-settings');

    assert.deepEqual(errors, []);
  });
});
