import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { collectConsoleErrors } from './console-errors.js';
import { assertNoSidewaysScroll, PHONE, type Scheme } from './phone-support.js';
import { type Allows, assertAgrees, EXPECTED, type InboxOffers, type Who } from './roles-offers.js';
import { assertAccessible, ingest, startRig, type BrowserRig } from './support.js';

// The web app as each role meets it, in real Chromium: a team with an owner, an admin, a member
// and a viewer (joined through invitation links), the owner's own inbox and an anonymous one.
// Every page that acts on an inbox or a team (dashboard, inbox bar, inspector, replay, replay
// many, the settings forms, the team page, tokens) is walked as each of them, and what it
// offers is held twice: to the expected table of roles, and to the API's own answers (an
// action offered must be one the API allows, an action the API refuses must not be offered).
// Settings > Teams lists the teams from the server, and on a phone the account menu reaches
// Teams. Light and dark, 1280 and 390 px pages are photographed to /tmp/rehook-roles-*.png.

let rig: BrowserRig;
let receiver: Receiver;
const PASSWORD = 'correct horse battery staple';
let counter = 0;

const ROLES: readonly Who[] = ['owner', 'admin', 'member', 'viewer'];

interface Person {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly email: string;
  readonly csrf: string;
}

/** A JSON call with the context's session cookie (and its CSRF token on writes). */
async function api(
  who: { context: BrowserContext; csrf: string } | APIRequestContext,
  method: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; body: any }> {
  const request = 'context' in who ? who.context.request : who;
  const headers: Record<string, string> = 'context' in who && who.csrf !== '' ? { 'x-csrf-token': who.csrf } : {};
  const response = await request.fetch(`${rig.rehook.apiUrl}${path}`, {
    method,
    headers,
    ...(json === undefined ? {} : { data: json }),
  });
  const text = await response.text();
  return { status: response.status(), body: text === '' ? null : JSON.parse(text) };
}

async function person(label: string, scheme: Scheme = 'light'): Promise<Person> {
  counter += 1;
  const context = await rig.context({ viewport: { width: 1280, height: 860 }, colorScheme: scheme });
  const email = `${label}${counter}-${process.pid}@example.test`;
  const signed = await api({ context, csrf: '' }, 'POST', '/api/v1/auth/signup', { email, password: PASSWORD });
  assert.equal(signed.status, 201, JSON.stringify(signed.body));
  return { context, page: await context.newPage(), email, csrf: signed.body.data.csrfToken };
}

const people = {} as Record<Who, Person>;
let teamId = '';
let teamInbox = { inboxId: '', eventId: '' };
let ownInbox = { inboxId: '', eventId: '' };

async function capture(inboxId: string, path: string): Promise<string> {
  await ingest(`${rig.rehook.ingestUrl}/i/${inboxId}`, { path, body: '{"type":"invoice.paid","id":"evt_1"}' });
  const events = await api(people.owner, 'GET', `/api/v1/inboxes/${inboxId}/events`);
  return events.body[0].id;
}

before(async () => {
  rig = await startRig({ REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1', REHOOK_RATE_SIGNIN: '0' });
  receiver = await startReceiver();
  for (const who of ROLES) people[who] = await person(who);
  const team = await api(people.owner, 'POST', '/api/v1/teams', { name: 'Payments' });
  assert.equal(team.status, 201);
  teamId = team.body.data.team.id;
  for (const who of ['admin', 'member', 'viewer'] as const) {
    const invited = await api(people.owner, 'POST', `/api/v1/teams/${teamId}/invitations`, { role: who });
    const joined = await api(people[who], 'POST', `/api/v1/invitations/${invited.body.data.invitation.token}/accept`);
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
  }
  const made = await api(people.owner, 'POST', '/api/v1/inboxes', { teamId, name: 'Team payments' });
  teamInbox = { inboxId: made.body.data.inbox.id, eventId: '' };
  teamInbox.eventId = await capture(teamInbox.inboxId, '/team-hook');
  const own = await api(people.owner, 'POST', '/api/v1/inboxes', { name: 'My own' });
  ownInbox = { inboxId: own.body.data.inbox.id, eventId: '' };
  ownInbox.eventId = await capture(ownInbox.inboxId, '/own-hook');
});

after(async () => {
  await receiver?.close();
  await rig?.close();
});

async function visible(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  void page;
  return (await locator.count()) > 0 && (await locator.first().isVisible());
}

async function inboxOffers(page: Page, inboxId: string, eventId: string, signedIn: boolean): Promise<InboxOffers> {
  await page.goto(`${rig.rehook.apiUrl}/inboxes/${inboxId}/events/${eventId}`);
  await page.locator('#inspector-title').waitFor();
  await page.getByRole('button', { name: 'Copy as curl' }).waitFor();
  const inspector = page.locator('.inspector-actions');
  const offers: Omit<InboxOffers, 'editable' | 'move' | 'replaySelected'> = {
    rename: await visible(page, page.getByRole('button', { name: 'Rename the inbox' })),
    share: await visible(page, page.getByRole('button', { name: 'Share', exact: true })),
    replayMany: await visible(page, page.getByRole('button', { name: 'Replay many' })),
    clear: await visible(page, page.locator('.inbox-actions').getByRole('button', { name: 'Clear' })),
    deleteEvent: await visible(page, inspector.getByRole('button', { name: 'Delete' })),
    replay: false,
  };
  // The Replay tab offers replaying when its Replay button is there (without an account it
  // says that replaying needs one, and offers signing in instead).
  if (await visible(page, page.getByRole('tab', { name: 'Replay' }))) {
    await page.getByRole('tab', { name: 'Replay' }).click();
    const button = page.getByRole('button', { name: 'Replay', exact: true });
    await button.or(page.getByText('Replaying needs an account')).first().waitFor();
    offers.replay = await visible(page, button);
  }
  let replaySelected = false;
  if (signedIn) {
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.locator('.selection-bar').waitFor();
    replaySelected = await visible(page, page.getByRole('button', { name: 'Replay selected' }));
    await page.getByRole('button', { name: 'Done selecting' }).click();
  }
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByTestId('inbox-settings').waitFor();
  const editable = {} as InboxOffers['editable'];
  for (const id of ['response', 'signature', 'forwarding', 'alerts', 'event-types'] as const) {
    const section = page.getByTestId(`${id}-settings`);
    if ((await section.count()) === 0) {
      editable[id] = false;
      continue;
    }
    await section.locator('form').waitFor();
    editable[id] = (await section.locator('fieldset[disabled]').count()) === 0;
    // A form shown read-only says why, and has no save button.
    if (!editable[id]) {
      assert.equal(await section.getByTestId('settings-read-only').count(), 1, `${id}: the reason is shown`);
      assert.equal(await section.getByRole('button', { name: /^Save/ }).count(), 0, `${id}: no save button`);
    }
  }
  const move = await visible(page, page.getByTestId('move-settings'));
  return { ...offers, replaySelected, editable, move };
}

/**
 * What the API answers the caller for one harmless action of each kind: replaying the event to
 * the receiver (replay), setting a response of its own (respond, which a team role allows with
 * replaying) and giving the inbox the name it has (manage).
 */
async function apiAllows(
  who: Person | { context: BrowserContext; csrf: string },
  inboxId: string,
  eventId: string,
): Promise<Allows> {
  const inbox = await api(who, 'GET', `/api/v1/inboxes/${inboxId}`);
  const replayed = await api(who, 'POST', `/api/v1/events/${eventId}/replay`, { destination: `${receiver.url}/x` });
  const renamed = await api(who, 'PATCH', `/api/v1/inboxes/${inboxId}`, { name: inbox.body.data.inbox.name });
  // Only the access rules' answers are refusals (a destination's failure is not).
  const refused = (reply: { status: number; body: any }) =>
    ['FORBIDDEN', 'UNAUTHORIZED', 'SHARE_READ_ONLY', 'INBOX_NOT_FOUND', 'EVENT_NOT_FOUND'].includes(
      reply.body?.error?.code,
    );
  // Response rules: set one, and take it away again when that was allowed.
  const answered = await api(who, 'PUT', `/api/v1/inboxes/${inboxId}/response`, {});
  if (!refused(answered)) await api(who, 'DELETE', `/api/v1/inboxes/${inboxId}/response`);
  return { replay: !refused(replayed), respond: !refused(answered), manage: !refused(renamed) };
}

describe('the web app by role', () => {
  test('each role is offered exactly what it may do, on every page, as the API answers', async () => {
    const errors = ROLES.map((who) => collectConsoleErrors(people[who].context));
    for (const who of ROLES) {
      const { page } = people[who];
      const offers = await inboxOffers(page, teamInbox.inboxId, teamInbox.eventId, true);
      const { move, ...rest } = offers;
      assert.deepEqual(rest, EXPECTED[who], `${who} on the team inbox`);
      // Moving an inbox out of (or into) a team is managing it: admins and owners.
      assert.equal(move, who === 'owner' || who === 'admin', `${who}: Move to team`);
      await assertAccessible(page, `inbox settings as ${who}`);
      // The inbox's permissions (what the app offers by) are what the API enforces.
      const shown = (await api(people[who], 'GET', `/api/v1/inboxes/${teamInbox.inboxId}`)).body.data.inbox;
      assert.equal(shown.role, who);
      const allows = await apiAllows(people[who], teamInbox.inboxId, teamInbox.eventId);
      assert.deepEqual(
        { replay: shown.permissions.replay, respond: shown.permissions.replay, manage: shown.permissions.manage },
        allows,
        who,
      );
      assertAgrees(offers, allows, who);

      // The bulk replay panel is there to open for those who may replay.
      if (EXPECTED[who].replayMany) {
        await page.getByRole('button', { name: 'Replay many' }).click();
        await page.getByRole('button', { name: 'Start replaying' }).waitFor();
      }

      // The team page.
      await page.goto(`${rig.rehook.apiUrl}/teams/${teamId}`);
      await page.getByRole('heading', { name: 'Payments' }).waitFor();
      await page.getByTestId('member-table').waitFor();
      const manages = who === 'owner' || who === 'admin';
      assert.equal(await visible(page, page.getByRole('link', { name: 'Audit log' })), manages, `${who}: audit`);
      assert.equal(await visible(page, page.locator('#invitations-title')), manages, `${who}: invitations`);
      assert.equal(
        await visible(page, page.getByRole('button', { name: 'New team inbox' })),
        who !== 'viewer',
        `${who}: New team inbox`,
      );
      assert.equal(await visible(page, page.getByTestId('team-role-note')), who === 'viewer', `${who}: role note`);
      // Role selects: an owner changes everyone else, an admin those below owner, others nobody.
      const selects = await page.getByTestId('member-table').locator('select').count();
      assert.equal(selects, { owner: 3, admin: 2, member: 0, viewer: 0 }[who], `${who}: role selects`);
      if (who === 'admin') {
        const options = await page.getByLabel(`Role of ${people.viewer.email}`).locator('option').allTextContents();
        assert.deepEqual(options, ['admin', 'member', 'viewer'], 'an admin cannot make an owner');
      }
      if (who === 'viewer') {
        assert.doesNotMatch((await page.locator('main').textContent()) ?? '', /Create one below/);
      }
      await assertAccessible(page, `team page as ${who}`);

      // The dashboard shows the team's inbox under the team, with the role.
      await page.goto(`${rig.rehook.apiUrl}/dashboard`);
      await page.getByTestId('team-group').getByRole('link', { name: 'Team payments' }).waitFor();
    }
    for (const list of errors) assert.deepEqual(list, []);
  });

  test("the team's audit log: actors by e-mail, targets by name, the filter kept in the URL", async () => {
    const { page } = people.owner;
    await page.goto(`${rig.rehook.apiUrl}/teams/${teamId}/audit`);
    const table = page.getByTestId('audit-table');
    await table.waitFor();
    // Targets read by name: the team's inbox, its members.
    await table.getByText('Team payments').first().waitFor();

    // Filtering by an e-mail: the API's account id goes in the URL, and survives a reload.
    await page.getByLabel('Actor').fill(people.member.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/[?&]actor=acc_/);
    await table.waitFor();
    assert.equal(await page.getByRole('alert').count(), 0);
    const actors = await table.locator('tbody tr td:nth-child(4) .strong').allTextContents();
    assert.ok(actors.length > 0 && actors.every((actor) => actor === people.member.email), actors.join(', '));
    await page.reload();
    await table.waitFor();
    assert.equal(await page.getByLabel('Actor').inputValue(), people.member.email);
    await assertAccessible(page, 'team audit log filtered');

    // An e-mail of no member: the error alone, not "Nothing recorded" under it.
    await page.getByLabel('Actor').fill('nobody@example.test');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('alert').filter({ hasText: 'nobody@example.test' }).waitFor();
    assert.equal(await page.getByText('Nothing recorded').count(), 0);
    // Back returns to the log without the filter.
    await page.goBack();
    await page.waitForURL((url) => url.pathname.endsWith('/audit') && url.search === '');
    await table.getByText(people.owner.email).first().waitFor();
  });

  test("the account's own inbox offers everything, an anonymous inbox what needs no account", async () => {
    const owner = people.owner;
    const own = await inboxOffers(owner.page, ownInbox.inboxId, ownInbox.eventId, true);
    assert.deepEqual({ ...own, move: undefined }, { ...EXPECTED.owner, move: undefined });
    assertAgrees(own, await apiAllows(owner, ownInbox.inboxId, ownInbox.eventId), 'own inbox');
    await owner.page.goto(`${rig.rehook.apiUrl}/dashboard`);
    await owner.page.getByRole('button', { name: 'Rename My own' }).waitFor();

    const context = await rig.context({ viewport: { width: 1280, height: 860 } });
    const made = await api(context.request, 'POST', '/api/v1/inboxes');
    const inboxId = made.body.data.inbox.id as string;
    assert.equal(made.body.data.inbox.role, null);
    assert.deepEqual(made.body.data.inbox.permissions, { read: true, replay: true, manage: true });
    await ingest(`${rig.rehook.ingestUrl}/i/${inboxId}`, { path: '/anon', body: 'a=1' });
    const events = await api(context.request, 'GET', `/api/v1/inboxes/${inboxId}/events`);
    const eventId = events.body[0].id as string;
    const page = await context.newPage();
    const anon = await inboxOffers(page, inboxId, eventId, false);
    // Anyone holding the id may clear, delete and set the answers; saving, sharing and replaying need an account.
    assert.deepEqual(
      { ...anon, move: false },
      {
        rename: false,
        share: false,
        replayMany: false,
        clear: true,
        deleteEvent: true,
        replay: false,
        replaySelected: false,
        editable: { response: true, signature: false, forwarding: false, alerts: false, 'event-types': false },
        move: false,
      },
    );
    assertAgrees(anon, await apiAllows({ context, csrf: '' }, inboxId, eventId), 'anonymous inbox');
  });

  test('Settings > Teams lists the teams from the server; on a phone the account menu reaches Teams', async () => {
    const { page } = people.viewer;
    await page.goto(`${rig.rehook.apiUrl}/settings`);
    const list = page.getByTestId('settings-teams');
    await list.getByRole('link', { name: 'Payments' }).waitFor();
    assert.match((await list.textContent()) ?? '', /Payments\s*viewer/);
    assert.equal(await page.getByText('You are not in any team').count(), 0);
    await assertAccessible(page, 'settings with teams');

    // An account in no team is told so, and offered to make one.
    const loner = await person('loner');
    await loner.page.goto(`${rig.rehook.apiUrl}/settings`);
    await loner.page.getByTestId('settings-no-teams').waitFor();
    await loner.page.locator('#teams').getByRole('link', { name: 'Create a team' }).waitFor();

    for (const scheme of ['light', 'dark'] as const) {
      const phone = await rig.context({ viewport: PHONE, colorScheme: scheme });
      await phone.addCookies(await people.owner.context.cookies());
      const small = await phone.newPage();
      await small.goto(`${rig.rehook.apiUrl}/settings`);
      await small.getByTestId('settings-teams').getByRole('link', { name: 'Payments' }).waitFor();
      await assertNoSidewaysScroll(small, `settings at 390 px, ${scheme}`);
      await small.screenshot({ path: `/tmp/rehook-roles-settings-teams-390-${scheme}.png`, fullPage: true });
      await small.getByTestId('account-menu').click();
      await small.locator('.menu-panel').getByRole('link', { name: 'Teams' }).click();
      await small.getByRole('heading', { name: 'Teams', exact: true }).waitFor();
      await small.getByTestId('team-table').getByRole('link', { name: 'Payments' }).waitFor();
      await assertAccessible(small, `teams at 390 px, ${scheme}`);
    }
  });

  test('after joining through an invitation, Back does not offer the used link again', async () => {
    const joiner = await person('joiner');
    const invited = await api(people.owner, 'POST', `/api/v1/teams/${teamId}/invitations`, { role: 'viewer' });
    await joiner.page.goto(`${rig.rehook.apiUrl}/dashboard`);
    await joiner.page.goto(`${rig.rehook.apiUrl}${invited.body.data.invitation.path}`);
    await joiner.page.getByRole('button', { name: 'Join the team' }).click();
    await joiner.page.getByRole('heading', { name: 'Payments' }).waitFor();
    await joiner.page.goBack();
    await joiner.page.waitForURL((url) => url.pathname === '/dashboard');
    assert.equal(await joiner.page.getByRole('button', { name: 'Join the team' }).count(), 0);
    // Opened again, the used link says why it cannot be used, not just "not found", and offers no join.
    await joiner.page.goto(`${rig.rehook.apiUrl}${invited.body.data.invitation.path}`);
    await joiner.page.getByText(/used already, has expired or was revoked/).waitFor();
    assert.equal(await joiner.page.getByRole('button', { name: 'Join the team' }).count(), 0);
  });

  test('the invitation page names the team, the role and who invited, before joining, at 1280 and 390 px', async () => {
    for (const [width, height] of [
      [1280, 860],
      [PHONE.width, PHONE.height],
    ] as const) {
      const joiner = await person(`preview${width}`);
      await joiner.page.setViewportSize({ width, height });
      const invited = await api(people.admin, 'POST', `/api/v1/teams/${teamId}/invitations`, { role: 'member' });
      await joiner.page.goto(`${rig.rehook.apiUrl}${invited.body.data.invitation.path}`);
      await joiner.page.getByTestId('join-offer').waitFor();
      assert.equal(await joiner.page.getByTestId('join-team').textContent(), 'Payments');
      assert.equal(await joiner.page.getByTestId('join-role').textContent(), 'member');
      assert.equal(await joiner.page.getByTestId('join-inviter').textContent(), people.admin.email);
      await assertNoSidewaysScroll(joiner.page, `join page at ${width} px`);
      await assertAccessible(joiner.page, `join page at ${width} px`);
      await joiner.page.screenshot({ path: `/tmp/rehook-roles-join-${width}.png`, fullPage: true });
      // Looking did not use the link up.
      await joiner.page.getByRole('button', { name: 'Join the team' }).click();
      await joiner.page.getByRole('heading', { name: 'Payments' }).waitFor();
      await joiner.context.close();
    }
  });

  test('a new API token reads by default, and the form comes back to reading after each one', async () => {
    const { page } = people.member;
    await page.goto(`${rig.rehook.apiUrl}/settings/tokens`);
    const scope = page.locator('#token-scope');
    await scope.waitFor();
    assert.equal(await scope.inputValue(), 'read');
    await page.locator('#token-name').fill('ci');
    await scope.selectOption('manage');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByTestId('created-token').waitFor();
    assert.equal(await scope.inputValue(), 'read');
    // The chosen scope's text is shown whole, not clipped by the select.
    const clipped = await scope.evaluate((select: any) => select.scrollWidth > select.clientWidth);
    assert.equal(clipped, false);
  });

  test('photographs the pages by role at 1280 and 390 px, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const [width, height] of [
        [1280, 860],
        [PHONE.width, PHONE.height],
      ] as const) {
        const context = await rig.context({ viewport: { width, height }, colorScheme: scheme });
        await context.addCookies(await people.viewer.context.cookies());
        const page = await context.newPage();
        await page.goto(`${rig.rehook.apiUrl}/inboxes/${teamInbox.inboxId}/events/${teamInbox.eventId}`);
        await page.locator('#inspector-title').waitFor();
        await assertNoSidewaysScroll(page, `viewer's inbox, ${width} px ${scheme}`);
        await page.screenshot({ path: `/tmp/rehook-roles-viewer-inbox-${width}-${scheme}.png` });
        await page.goto(`${rig.rehook.apiUrl}/inboxes/${teamInbox.inboxId}`);
        if (width === PHONE.width) {
          await page.getByRole('button', { name: 'Inbox actions' }).click();
        }
        await page.getByRole('button', { name: 'Settings', exact: true }).click();
        await page.getByTestId('signature-settings').locator('form').waitFor();
        await page.screenshot({ path: `/tmp/rehook-roles-viewer-settings-${width}-${scheme}.png`, fullPage: true });
        await page.goto(`${rig.rehook.apiUrl}/teams/${teamId}`);
        await page.getByTestId('member-table').waitFor();
        await assertNoSidewaysScroll(page, `viewer's team page, ${width} px ${scheme}`);
        await page.screenshot({ path: `/tmp/rehook-roles-viewer-team-${width}-${scheme}.png`, fullPage: true });
        await context.close();
      }
    }
  });
});
