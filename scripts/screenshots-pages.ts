// Photographs every page of the web app (light and dark at 1280 px, light and dark at 390 px)
// into a folder of one's choosing, so two builds of the app can be compared pixel by pixel
// (scripts/compare-screenshots.ts). The pictures must not differ by chance between two runs, so
// the data comes from a seed made once (a SQLite data directory and what was created in it):
// each run starts Rehook on a copy of it, on fixed ports, with the browser's clock fixed to just
// after the seed was made. IDs, times and URLs are then the same in every run.
//
//   npm run build && npx tsx scripts/screenshots-pages.ts --dir /tmp/shots/before --seed /tmp/shots/seed
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { RehookClient } from '../src/client/rehook-client.js';
import { loadConfig } from '../src/config/load.js';
import { type RunningRehook, startRehook } from '../src/server.js';
import { launchBrowser, newContext } from '../test/helpers/browser.js';
import { type Receiver, startReceiver } from '../test/helpers/receiver.js';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, seed: { type: 'string' }, only: { type: 'string' } },
});
if (values.dir === undefined || values.seed === undefined) {
  console.error('usage: screenshots-pages.ts --dir <output folder> --seed <seed folder> [--only <name>,<name>]');
  process.exit(2);
}
const OUT = values.dir;
const SEED = values.seed;
const API_PORT = 47380;
const INGEST_PORT = 47381;
const RECEIVER_PORT = 47382;
const API = `http://127.0.0.1:${API_PORT}`;
const PASSWORD = 'correct horse battery staple';

interface Seed {
  readonly madeAt: number;
  readonly cookie: string;
  readonly stripe: string;
  readonly stripeEvent: string;
  readonly xmlEvent: string;
  readonly anonymous: string;
  readonly team: string;
  readonly share: string;
  readonly join: string;
}

async function start(dataDir: string): Promise<{ rehook: RunningRehook; receiver: Receiver }> {
  const receiver = await startReceiver(
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_8f2a61c0' });
      res.end(JSON.stringify({ received: true, duration_ms: 12 }));
    },
    { port: RECEIVER_PORT },
  );
  const rehook = await startRehook(
    loadConfig({
      REHOOK_PORT: String(API_PORT),
      REHOOK_INGEST_PORT: String(INGEST_PORT),
      REHOOK_DATA_DIR: dataDir,
      REHOOK_LOG_LEVEL: 'silent',
      REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
      REHOOK_PUBLIC_INGEST_URL: 'https://hooks.example.com',
    }),
  );
  return { rehook, receiver };
}

/** Inbox URLs name the public origin (as behind a proxy); requests go to the bound ingest port. */
const toIngest: typeof fetch = (input, init) =>
  fetch(String(input).replace('https://hooks.example.com', `http://127.0.0.1:${INGEST_PORT}`), init);

/** A fetch that keeps the session cookie, as a browser would. */
function cookieFetch(jar: { cookie: string }): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.cookie !== '') headers.set('cookie', jar.cookie);
    const response = await toIngest(input, { ...init, headers });
    const set = response.headers.getSetCookie();
    if (set.length > 0) jar.cookie = set.map((line) => line.split(';')[0]).join('; ');
    return response;
  };
}

async function signUp(email: string): Promise<{ client: RehookClient; jar: { cookie: string } }> {
  const jar = { cookie: '' };
  const client = new RehookClient({ baseUrl: API, fetch: cookieFetch(jar), credentials: 'same-origin' });
  await client.signUp({ email, password: PASSWORD });
  return { client, jar };
}

async function makeSeed(): Promise<void> {
  mkdirSync(join(SEED, 'data'), { recursive: true });
  const { rehook, receiver } = await start(join(SEED, 'data'));
  try {
    const bob = await signUp('bob@example.com');
    const ada = await signUp('ada@example.com');
    const me = ada.client;
    await me.updateAccount({ displayName: 'Ada Lovelace' });
    await me.createToken('laptop');
    await me.createToken('GitHub Actions');
    const stripe = await me.createInbox({ name: 'Stripe production' });
    await me.createInbox({ name: 'Shopify staging' });
    const team = await me.createTeam('Platform');
    await me.createInbox({ name: 'GitHub (acme/api)', teamId: team.id });
    const invitation = await me.createTeamInvitation(team.id, { role: 'member' });
    await bob.client.acceptTeamInvitation(invitation.token);
    const pending = await me.createTeamInvitation(team.id, { role: 'admin' });
    await me.setInboxResponse(stripe.id, {
      rules: [{ match: { method: 'GET', pathPrefix: '/health' }, response: { status: 204, headers: [] } }],
    });
    await me.setForwarding(stripe.id, { destination: `${receiver.url}/forwarded` });
    await me.setSignatureSettings(stripe.id, { scheme: 'stripe', secret: 'whsec_3xAmpLeS1gn1ng' });
    const send = (request: Parameters<RehookClient['send']>[1]) => me.send(stripe.id, request);
    for (let i = 1; i <= 4; i += 1)
      await send({
        path: '/stripe/webhooks',
        headers: { 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        json: {
          id: `evt_1QBd2aLkdIwHu7i${i}`,
          object: 'event',
          type: 'invoice.paid',
          livemode: false,
          data: { object: { id: `in_${i}`, amount_paid: 4200 + i, currency: 'eur', paid: true, status: 'paid' } },
        },
      });
    await send({
      path: '/stripe/webhooks',
      json: {
        id: 'evt_1QBd2aLkdIwHu7i9',
        object: 'event',
        type: 'invoice.paid',
        data: { object: { id: 'in_9', amount_paid: '4209', currency: 'eur', refunded: false } },
      },
    });
    await send({
      path: '/twilio/sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'MessageSid=SM8d1f2a&From=%2B15551234567&Body=Hello+from+Rehook',
    });
    await send({
      method: 'PUT',
      path: '/orders',
      headers: { 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><order id="1042"><customer>ACME GmbH</customer><total>129.00</total></order>',
    });
    await send({ method: 'GET', path: '/health', headers: { 'user-agent': 'uptime-check/1.0' } });
    const events = (await me.events(stripe.id)).events;
    const stripeEvent = events.find((event) => event.path.endsWith('/stripe/webhooks'));
    const xmlEvent = events.find((event) => event.path.endsWith('/orders'));
    if (stripeEvent === undefined || xmlEvent === undefined) throw new Error('seed events missing');
    await me.replay(stripeEvent.id, { destination: `${receiver.url}/webhooks/stripe` });
    const job = await me.createReplayJob(stripe.id, { destination: `${receiver.url}/staging` });
    await me.waitForReplayJob(job.id);
    const share = await me.createShare(stripe.id);
    const anonymous = await new RehookClient({ baseUrl: API, fetch: toIngest }).createInbox();
    await new RehookClient({ baseUrl: API, fetch: toIngest }).send(anonymous.id, { path: '/test', body: 'hello' });
    // Let the workers learn the event types and deliver the forwarded requests.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const seed: Seed = {
      madeAt: Date.now(),
      cookie: ada.jar.cookie,
      stripe: stripe.id,
      stripeEvent: stripeEvent.id,
      xmlEvent: xmlEvent.id,
      anonymous: anonymous.id,
      team: team.id,
      share: share.path,
      join: pending.token,
    };
    writeFileSync(join(SEED, 'seed.json'), JSON.stringify(seed, null, 2));
  } finally {
    await rehook.close();
    await receiver.close();
  }
}

interface Shot {
  readonly name: string;
  readonly signedIn: boolean;
  /** Goes to the page and waits for it; returns once the picture can be taken. */
  readonly open: (page: Page, seed: Seed) => Promise<void>;
}

const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
};
const go = (path: string) => async (page: Page) => {
  await page.goto(`${API}${path}`);
  await settled(page);
};
const inboxOf = (seed: Seed) => `/inboxes/${seed.stripe}`;
const eventOf = (seed: Seed, id = seed.stripeEvent) => `${inboxOf(seed)}/events/${id}`;
const tab = (name: string) => async (page: Page, seed: Seed) => {
  await go(eventOf(seed))(page);
  await page.getByRole('tab', { name, exact: true }).click();
  await settled(page);
};
const button = (path: (seed: Seed) => string, name: string | RegExp) => async (page: Page, seed: Seed) => {
  await go(path(seed))(page);
  // On a phone the inbox's actions fold into a menu.
  const menu = page.getByRole('button', { name: 'Inbox actions' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name }).or(page.getByRole('menuitem', { name })).first().click();
  await settled(page);
};

const SHOTS: Shot[] = [
  { name: 'home', signedIn: false, open: go('/') },
  { name: 'signin', signedIn: false, open: go('/signin') },
  { name: 'signup', signedIn: false, open: go('/signup') },
  { name: 'not-found', signedIn: false, open: go('/no/such/page') },
  { name: 'anonymous-inbox', signedIn: false, open: (page, seed) => go(`/inboxes/${seed.anonymous}`)(page) },
  { name: 'share-view', signedIn: false, open: (page, seed) => go(seed.share)(page) },
  { name: 'join', signedIn: false, open: (page, seed) => go(`/join/${seed.join}`)(page) },
  { name: 'dashboard', signedIn: true, open: go('/dashboard') },
  { name: 'inbox', signedIn: true, open: (page, seed) => go(inboxOf(seed))(page) },
  { name: 'event-request', signedIn: true, open: (page, seed) => go(eventOf(seed))(page) },
  { name: 'event-xml', signedIn: true, open: (page, seed) => go(eventOf(seed, seed.xmlEvent))(page) },
  { name: 'event-raw', signedIn: true, open: tab('Raw') },
  { name: 'event-curl', signedIn: true, open: tab('curl') },
  { name: 'event-replay', signedIn: true, open: tab('Replay') },
  { name: 'event-forwarding', signedIn: true, open: tab('Forwarding') },
  { name: 'compare', signedIn: true, open: button(eventOf, /Compare with previous/) },
  { name: 'filters', signedIn: true, open: button(inboxOf, /^Filters/) },
  { name: 'share-panel', signedIn: true, open: button(inboxOf, 'Share') },
  { name: 'replay-many', signedIn: true, open: button(inboxOf, 'Replay many') },
  { name: 'inbox-settings', signedIn: true, open: button(inboxOf, 'Settings') },
  { name: 'event-types', signedIn: true, open: (page, seed) => go(`${inboxOf(seed)}/types`)(page) },
  { name: 'event-type', signedIn: true, open: (page, seed) => go(`${inboxOf(seed)}/types/invoice.paid`)(page) },
  { name: 'account', signedIn: true, open: go('/settings') },
  { name: 'tokens', signedIn: true, open: go('/settings/tokens') },
  { name: 'account-audit', signedIn: true, open: go('/settings/audit') },
  { name: 'teams', signedIn: true, open: go('/teams') },
  { name: 'team', signedIn: true, open: (page, seed) => go(`/teams/${seed.team}`)(page) },
  { name: 'team-audit', signedIn: true, open: (page, seed) => go(`/teams/${seed.team}/audit`)(page) },
];

const VARIANTS = [
  { id: 'light', colorScheme: 'light', width: 1280, height: 800 },
  { id: 'dark', colorScheme: 'dark', width: 1280, height: 800 },
  { id: 'phone-light', colorScheme: 'light', width: 390, height: 844 },
  { id: 'phone-dark', colorScheme: 'dark', width: 390, height: 844 },
] as const;

async function context(browser: Browser, variant: (typeof VARIANTS)[number], seed: Seed, signedIn: boolean) {
  const made: BrowserContext = await newContext(browser, {
    colorScheme: variant.colorScheme,
    viewport: { width: variant.width, height: variant.height },
  });
  made.setDefaultTimeout(15_000);
  if (signedIn)
    await made.addCookies(
      seed.cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: API };
      }),
    );
  return made;
}

if (!existsSync(join(SEED, 'seed.json'))) await makeSeed();
const seed = JSON.parse(readFileSync(join(SEED, 'seed.json'), 'utf8')) as Seed;
const copy = join(tmpdir(), `rehook-pages-${process.pid}`);
cpSync(join(SEED, 'data'), copy, { recursive: true });
mkdirSync(OUT, { recursive: true });
const { rehook, receiver } = await start(copy);
const browser = await launchBrowser();
let failed = 0;
try {
  for (const variant of VARIANTS)
    for (const signedIn of [false, true]) {
      const ctx = await context(browser, variant, seed, signedIn);
      for (const shot of SHOTS) {
        if (shot.signedIn !== signedIn || (values.only !== undefined && !values.only.split(',').includes(shot.name)))
          continue;
        const page = await ctx.newPage();
        await page.clock.setFixedTime(seed.madeAt + 5 * 60_000);
        const file = `${shot.name}-${variant.id}.png`;
        try {
          await shot.open(page, seed);
          await page.screenshot({ path: join(OUT, file), fullPage: true, animations: 'disabled', caret: 'hide' });
          console.log(`wrote ${file}`);
        } catch (error) {
          failed += 1;
          console.error(`${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        }
        await page.close();
      }
      await ctx.close();
    }
} finally {
  await browser.close();
  await rehook.close();
  await receiver.close();
  rmSync(copy, { recursive: true, force: true });
}
process.exitCode = failed > 0 ? 1 : 0;
