import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { collectConsoleErrors } from './console-errors.js';
import { assertAccessible, docsScreenshot, ingest, row, startRig, type BrowserRig } from './support.js';

// Teams in the web app, in real Chromium: create a team, invite a second browser that joins as a
// viewer and is not offered replaying, promote it to member, which then can. The team page is
// checked with axe and photographed.

let rig: BrowserRig;
let receiver: Receiver;
let counter = 0;
const PASSWORD = 'correct horse battery staple';

before(async () => {
  rig = await startRig({ REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' });
  receiver = await startReceiver();
});

after(async () => {
  await receiver?.close();
  await rig?.close();
});

async function signUp(page: Page, label: string): Promise<string> {
  counter += 1;
  const email = `${label}${counter}-${process.pid}@example.test`;
  await page.goto(`${rig.rehook.apiUrl}/signup`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard$/);
  return email;
}

describe('teams', () => {
  test('create a team, invite a viewer who cannot replay, promote it to member who can', async () => {
    const ownerContext = await rig.context({ viewport: { width: 1280, height: 860 }, colorScheme: 'light' });
    const ownerErrors = collectConsoleErrors(ownerContext);
    const owner = await ownerContext.newPage();
    const ownerEmail = await signUp(owner, 'owner');
    await owner.getByRole('link', { name: 'Teams', exact: true }).click();
    await owner.getByRole('heading', { name: 'Teams', exact: true }).waitFor();
    await assertAccessible(owner, 'teams page');
    await owner.getByLabel('Team name').fill('Payments');
    await owner.getByRole('button', { name: 'Create team' }).click();
    await owner.getByRole('heading', { name: 'Payments' }).waitFor();

    // A team inbox with one captured request.
    await owner.getByRole('button', { name: 'New team inbox' }).click();
    await owner.waitForURL(/\/inboxes\/inb_/);
    const inboxId = new URL(owner.url()).pathname.split('/')[2] as string;
    await ingest(`${rig.rehook.ingestUrl}/i/${inboxId}`, { path: '/team-hook', body: '{"paid":true}' });
    await row(owner, '/team-hook').waitFor();
    await owner.goBack();
    await owner.getByRole('heading', { name: 'Payments' }).waitFor();

    // The invitation link, shown once.
    await owner.getByLabel('Invite as').selectOption('viewer');
    await owner.getByRole('button', { name: 'Create invitation link' }).click();
    const link = await owner.getByLabel('Invitation link').inputValue();
    assert.match(link, /\/join\/rhi_/);
    await owner.getByTestId('invitation-table').waitFor();
    // Each open link names who made it.
    assert.equal(await owner.getByTestId('invitation-maker').textContent(), ownerEmail);

    // The second browser signs up, opens the link and joins as viewer.
    const guestContext = await rig.context();
    const guestErrors = collectConsoleErrors(guestContext);
    const guest = await guestContext.newPage();
    const guestEmail = await signUp(guest, 'guest');
    await guest.goto(link);
    await assertAccessible(guest, 'join page');
    await guest.getByRole('button', { name: 'Join the team' }).click();
    await guest.getByRole('heading', { name: 'Payments' }).waitFor();
    await assertAccessible(guest, 'team page as viewer');
    // The team's inbox is on the guest's dashboard, under the team.
    await guest.goto(`${rig.rehook.apiUrl}/dashboard`);
    await guest.getByTestId('team-group').getByRole('link', { name: inboxId }).click();

    // As viewer, replaying is not offered: the role only reads (test/browser/roles.test.ts walks
    // every page as every role).
    await row(guest, '/team-hook').click();
    await guest.locator('#inspector-title').waitFor();
    assert.equal(await guest.getByRole('tab', { name: 'Replay' }).count(), 0);
    const before = receiver.requests.length;

    // The owner promotes the guest to member.
    await owner.reload();
    await owner.getByLabel(`Role of ${guestEmail}`).selectOption('member');
    await owner.getByLabel(`Role of ${guestEmail}`).and(owner.locator(':not([disabled])')).waitFor();
    await assertAccessible(owner, 'team page as owner');
    await docsScreenshot(owner, 'team');

    // Now, once its page is loaded again, the guest may replay.
    await guest.reload();
    await guest.getByRole('tab', { name: 'Replay' }).click();
    await guest.getByLabel('Destination URL').fill(`${receiver.url}/hook`);
    await guest.getByRole('button', { name: 'Replay', exact: true }).click();
    await guest.getByTestId('replay-result').waitFor();
    assert.equal(receiver.requests.length, before + 1);

    // "Move to team" in an inbox's settings gives the owner's own inbox to the team.
    await owner.goto(`${rig.rehook.apiUrl}/dashboard`);
    await owner.getByPlaceholder('Name (optional), e.g. Stripe staging').fill('Moving');
    await owner.getByRole('button', { name: 'New inbox' }).click();
    await owner.getByTestId('inbox-table').getByRole('link', { name: 'Moving' }).click();
    await owner.getByRole('button', { name: 'Settings', exact: true }).click();
    await owner.getByTestId('move-settings').waitFor();
    await assertAccessible(owner, 'inbox settings with Move to team');
    await owner.getByLabel('Owner', { exact: true }).selectOption({ label: 'Payments' });
    const moved = owner.waitForResponse((response) => response.url().endsWith('/owner') && response.status() === 200);
    // The page reloads itself after a move; going elsewhere before that reload ends would race it.
    const reloaded = owner.waitForEvent('load');
    await owner.getByRole('button', { name: 'Move', exact: true }).click();
    await moved;
    await reloaded;
    await owner.goto(`${rig.rehook.apiUrl}/dashboard`);
    await owner.getByTestId('team-group').getByRole('link', { name: 'Moving' }).waitFor();

    assert.deepEqual(ownerErrors, []);
    // The only console line of the guest is the refused replay's own 403 (Chromium logs it).
    assert.deepEqual(
      guestErrors.filter((line) => !/403 \(Forbidden\)/.test(line)),
      [],
    );
    assert.ok(guestErrors.length <= 1, guestErrors.join('\n'));
  });

  test('a token limited to a team, made on the token page: it reaches only the team and shows the limit', async () => {
    const context = await rig.context({ viewport: { width: 1280, height: 860 }, colorScheme: 'light' });
    const errors = collectConsoleErrors(context);
    const page = await context.newPage();
    await signUp(page, 'tokens');
    await page.goto(`${rig.rehook.apiUrl}/teams`);
    await page.getByLabel('Team name').fill('Platform');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('heading', { name: 'Platform' }).waitFor();
    await page.getByRole('button', { name: 'New team inbox' }).click();
    await page.waitForURL(/\/inboxes\/inb_/);
    const teamInbox = new URL(page.url()).pathname.split('/')[2] as string;

    await page.goto(`${rig.rehook.apiUrl}/settings/tokens`);
    await page.getByLabel('Token name').fill('platform ci');
    await page.getByLabel('Scope').selectOption('replay');
    await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Platform (as owner)' });
    // The team's inbox is offered as a further limit; the account's own inboxes are not.
    await page.getByRole('checkbox', { name: teamInbox }).waitFor();
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = await page.getByLabel('The new token').inputValue();
    const limits = page.getByTestId('token-limits').first();
    await limits.waitFor();
    assert.equal((await limits.textContent())?.trim(), 'Team Platform (as owner)');
    await assertAccessible(page, 'token page with a team token');
    await docsScreenshot(page, 'team-token');

    // The token reaches the team's inbox, and nothing account-wide.
    const headers = { authorization: `Bearer ${token}` };
    const inbox = await fetch(`${rig.rehook.apiUrl}/api/v1/inboxes/${teamInbox}`, { headers });
    assert.equal(inbox.status, 200);
    const tokens = await fetch(`${rig.rehook.apiUrl}/api/v1/tokens`, { headers });
    assert.equal(tokens.status, 403);
    assert.deepEqual(errors, []);
  });
});
