import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import {
  assertAccessible,
  assertNothingRan,
  clipboardText,
  createInboxFromHome,
  ingest,
  row,
  startRig,
  waitLive,
  type BrowserRig,
} from './support.js';

// The web app without an account, in real headless Chromium against a real server: start an
// inbox, watch requests arrive live, inspect every kind of body, copy as curl (and run it),
// delete and clear, page through a large inbox with the keyboard, and hostile captured content.

let rig: BrowserRig;
let receiver: Receiver;

before(async () => {
  rig = await startRig();
  receiver = await startReceiver((_req, res) => {
    res.end('ok');
  });
});

after(async () => {
  await receiver?.close();
  await rig?.close();
});

describe('serving the app', () => {
  test('pages carry a strict CSP and security headers; assets are immutable; API paths keep JSON 404s', async () => {
    const page = await fetch(`${rig.rehook.apiUrl}/`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "connect-src 'self'",
    ]) {
      assert.ok(csp.includes(directive), `CSP lacks ${directive}: ${csp}`);
    }
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    const html = await page.text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    const script = /<script[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the page loads its bundle from /assets/');
    const asset = await fetch(rig.rehook.apiUrl + script, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(asset.status, 200);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(asset.headers.get('content-type') ?? '', /^text\/javascript/);
    await asset.arrayBuffer();
    for (const path of [
      '/inboxes/inb_x',
      '/inboxes/inb_x/events/evt_y',
      '/signin',
      '/signup',
      '/dashboard',
      '/settings',
      '/settings/tokens',
      '/tokens',
      '/s/rhl_x',
    ]) {
      const client = await fetch(rig.rehook.apiUrl + path);
      assert.equal(client.status, 200, path);
      assert.match(client.headers.get('content-type') ?? '', /^text\/html/, path);
      await client.arrayBuffer();
    }
    const unknownApi = await fetch(`${rig.rehook.apiUrl}/api/v1/nothing-here`, { headers: { accept: 'text/html' } });
    assert.equal(unknownApi.status, 404);
    assert.equal(((await unknownApi.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
    const missingAsset = await fetch(`${rig.rehook.apiUrl}/assets/nope.js`);
    assert.equal(missingAsset.status, 404);
    await missingAsset.arrayBuffer();
    const unknownPage = await fetch(`${rig.rehook.apiUrl}/no/such/page`, { headers: { accept: 'text/html' } });
    assert.equal(unknownPage.status, 404);
    assert.match(unknownPage.headers.get('content-type') ?? '', /^text\/html/);
    await unknownPage.arrayBuffer();
    const unknownJson = await fetch(`${rig.rehook.apiUrl}/no/such/page`, { headers: { accept: 'application/json' } });
    assert.equal(unknownJson.status, 404);
    assert.equal(((await unknownJson.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
    // The ingest origin never serves the app.
    const ingestRoot = await fetch(`${rig.rehook.ingestUrl}/`, { headers: { accept: 'text/html' } });
    assert.doesNotMatch(ingestRoot.headers.get('content-type') ?? '', /text\/html/);
    await ingestRoot.arrayBuffer();
  });

  test('an unknown page shows the app’s not-found page', async () => {
    const page = await rig.open('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  });
});

describe('an anonymous inbox', () => {
  test('home: one click creates an inbox and opens it with its URL, expiry and a curl example; it is remembered', async () => {
    const page = await rig.open('/');
    await assertAccessible(page, 'home');
    const { inboxId, url } = await createInboxFromHome(page);
    assert.equal(url, `${rig.rehook.publicIngestUrl}/i/${inboxId}`);
    await page.getByText(/Expires in 4\dh/).waitFor();
    const example = await page.getByTestId('example-curl').textContent();
    assert.ok(example?.includes(url), 'the curl example sends to the inbox');
    await page.getByRole('button', { name: 'Copy URL' }).click();
    assert.equal(await clipboardText(page), url);
    await assertAccessible(page, 'empty inbox');
    // Back home, the inbox is listed as recently opened.
    await page.goto(`${rig.rehook.apiUrl}/`);
    await page.locator('.recent-link', { hasText: inboxId }).click();
    await page.waitForURL(new RegExp(`/inboxes/${inboxId}$`));
    await page.context().close();
  });

  test('requests appear live at the top, each once, with method, path, time, size and content type', async () => {
    const page = await rig.open('/');
    const { url } = await createInboxFromHome(page);
    await ingest(url, { path: '/first', body: 'one', headers: { 'content-type': 'text/plain' } });
    await row(page, '/first').waitFor();
    await ingest(url, {
      method: 'PUT',
      path: '/orders/42',
      query: 'x=1&x=2',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    const second = row(page, '/orders/42');
    await second.waitFor();
    // Newest first.
    assert.equal(
      await page.locator('.event-row').first().getAttribute('data-event-id'),
      await second.getAttribute('data-event-id'),
    );
    const text = await second.textContent();
    assert.match(text ?? '', /PUT/);
    assert.match(text ?? '', /\?x=1&x=2/);
    assert.match(text ?? '', /7 B/);
    assert.match(text ?? '', /application\/json/);
    assert.match(text ?? '', /just now|\ds ago/);
    const title = await second.locator('time').getAttribute('title');
    assert.match(title ?? '', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC/);
    // A burst: each event shows exactly once.
    await Promise.all(Array.from({ length: 40 }, (_, i) => ingest(url, { path: `/burst/${i}`, body: String(i) })));
    await page.locator('.list-count', { hasText: /^42 requests$/ }).waitFor();
    const ids = await page
      .locator('.event-row')
      .evaluateAll((rows) => rows.map((element) => element.getAttribute('data-event-id')));
    assert.equal(new Set(ids).size, ids.length, 'no duplicates');
    await assertAccessible(page, 'live list');
    await page.context().close();
  });

  test('a dropped stream reconnects from the last event it got: what arrived meanwhile shows, once', async () => {
    const context = await rig.context();
    // Keeps a hand on the page's EventSource objects, to drop the stream as a network would.
    await context.addInitScript(`
      const Native = window.EventSource;
      window.__sources = [];
      window.EventSource = class extends Native {
        constructor(...args) { super(...args); window.__sources.push(this); }
      };
    `);
    const page = await context.newPage();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    await ingest(url, { path: '/before-drop' });
    const before = row(page, '/before-drop');
    await before.waitFor();
    const lastId = await before.getAttribute('data-event-id');
    // Reconnections wait until the events "missed" while disconnected are stored.
    let release!: () => void;
    const stored = new Promise<void>((resolve) => (release = resolve));
    const reconnects: string[] = [];
    await page.route('**/api/v1/inboxes/*/stream*', async (route) => {
      reconnects.push(route.request().url());
      await stored;
      await route.continue();
    });
    // Runs in the page (this file is type-checked without the DOM library).
    await page.evaluate(`(() => {
      const source = window.__sources[window.__sources.length - 1];
      source.close();
      source.dispatchEvent(new Event('error'));
    })()`);
    await page.locator('[data-testid="live-status"][data-status="offline"]').waitFor();
    await ingest(url, { path: '/while-down-1' });
    await ingest(url, { path: '/while-down-2' });
    release();
    await row(page, '/while-down-2').waitFor();
    await waitLive(page);
    await ingest(url, { path: '/after-drop' });
    await row(page, '/after-drop').waitFor();
    assert.match(reconnects[0] ?? '', new RegExp(`lastEventId=${lastId}`), 'resumed from the last event received');
    await page.locator('.list-count', { hasText: /^4 requests$/ }).waitFor();
    const paths = await page.locator('.event-path').allTextContents();
    assert.deepEqual(paths, ['/after-drop', '/while-down-2', '/while-down-1', '/before-drop']);
    await context.close();
  });

  test('the inspector shows JSON, XML, form, multipart, text and binary bodies, the query table, headers and the raw request', async () => {
    const page = await rig.open('/');
    const { url } = await createInboxFromHome(page);
    await ingest(url, {
      path: '/json',
      query: 'source=stripe&mode=test',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': 't=1,v1=abc',
        authorization: 'Bearer secret-value',
      },
      body: '{"type":"invoice.paid","amount":4200,"big":12345678901234567890,"ok":true,"none":null,"lines":[{"id":"il_1"}]}',
    });
    await row(page, '/json').click();
    await page.locator('.code-json').waitFor();
    const json = await page.locator('.code-json').textContent();
    assert.match(json ?? '', /"type": "invoice\.paid"/);
    assert.match(json ?? '', /"big": 12345678901234567890/, 'numbers keep their exact source form');
    assert.equal(await page.locator('.code-json .tok-key', { hasText: '"amount"' }).count(), 1);
    assert.equal(await page.locator('.code-json .tok-number', { hasText: '4200' }).count(), 1);
    // Query as a table; headers with the redacted one marked.
    const query = page.locator('table', { has: page.locator('caption', { hasText: 'Query parameters' }) });
    assert.match((await query.textContent()) ?? '', /source\s*stripe/);
    const headers = page.locator('table', { has: page.locator('caption', { hasText: 'Request headers' }) });
    assert.match((await headers.textContent()) ?? '', /stripe-signature\s*t=1,v1=abc/);
    await headers.locator('tr', { hasText: 'authorization' }).locator('.redacted').waitFor();
    assert.doesNotMatch((await page.locator('#app').textContent()) ?? '', /secret-value/);
    await assertAccessible(page, 'inspector with a JSON body');
    // Raw tab.
    await page.getByRole('tab', { name: 'Raw' }).click();
    const raw = await page.getByTestId('raw-request').textContent();
    assert.match(raw ?? '', /^POST \/i\/inb_\w+\/json\?source=stripe&mode=test HTTP\/1\.1\n/);
    assert.match(raw ?? '', /\n\n\{"type":"invoice\.paid"/);

    await ingest(url, {
      method: 'PUT',
      path: '/xml',
      headers: { 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><order id="42"><item sku="A1">Widget</item></order>',
    });
    await row(page, '/xml').click();
    const xml = await page.locator('.code-xml').textContent();
    assert.match(xml ?? '', /<order id="42">\n\s+<item sku="A1">Widget<\/item>\n<\/order>/);

    await ingest(url, {
      path: '/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ada+Lovelace&city=L%C3%BCbeck&empty=',
    });
    await row(page, '/form').click();
    const form = page.locator('table', { has: page.locator('caption', { hasText: 'Form fields' }) });
    await form.waitFor();
    assert.match((await form.textContent()) ?? '', /name\s*Ada Lovelace/);
    assert.match((await form.textContent()) ?? '', /city\s*Lübeck/);

    const boundary = '----rehook42';
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ].join('');
    const body = Buffer.concat([
      Buffer.from(multipart),
      Buffer.from([0, 1, 2, 255]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await ingest(url, {
      path: '/multipart',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    await row(page, '/multipart').click();
    await page.locator('.part').nth(1).waitFor();
    assert.match((await page.locator('.part').nth(0).textContent()) ?? '', /name title.*Hello/s);
    assert.match((await page.locator('.part').nth(1).textContent()) ?? '', /file a\.bin/);
    assert.match((await page.locator('.part').nth(1).locator('.code-hex').textContent()) ?? '', /00 01 02 ff/);

    await ingest(url, {
      path: '/binary',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from(Array.from({ length: 40 }, (_, i) => (i * 13) % 256)),
    });
    await row(page, '/binary').click();
    const hex = await page.locator('.code-hex').textContent();
    assert.match(hex ?? '', /^00000000 {2}00 0d 1a 27 34 41 4e 5b {2}68 75 82 8f 9c a9 b6 c3/);
    const download = page.getByRole('link', { name: 'Download body' });
    assert.match((await download.getAttribute('href')) ?? '', /^\/api\/v1\/events\/evt_\w+\/body$/);

    await ingest(url, { path: '/text', headers: { 'content-type': 'text/plain' }, body: 'just some text\nline two' });
    await row(page, '/text').click();
    assert.equal(await page.locator('.body-view pre.code').textContent(), 'just some text\nline two');
    await assertNothingRan(page);
    await page.context().close();
  });

  test('copy as curl: the copied command is the server’s and sends the same request in sh, binary body included', async () => {
    const page = await rig.open('/');
    const { url } = await createInboxFromHome(page);
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i));
    await ingest(url, {
      method: 'PATCH',
      path: '/curl/me',
      query: 'a=1&b=%20',
      headers: { 'content-type': 'application/octet-stream', 'x-signature': 'sha256=abc', 'X-Case': 'Kept' },
      body: bytes,
    });
    await row(page, '/curl/me').click();
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const command = await clipboardText(page);
    const origin = new URL(url).origin;
    assert.ok(command.includes(origin));
    // The server's command (GET /api/v1/events/<id>/curl, as `rehook curl` prints it), run in sh.
    const eventId = await row(page, '/curl/me').getAttribute('data-event-id');
    const served = (await (await fetch(`${rig.rehook.apiUrl}/api/v1/events/${eventId}/curl`)).json()) as {
      data: { curl: { command: string } };
    };
    assert.equal(command, served.data.curl.command);
    const before = receiver.requests.length;
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('sh', ['-c', command.replaceAll(origin, receiver.url)], { stdio: 'ignore' });
      child.once('error', reject);
      child.once('close', resolve);
    });
    assert.equal(code, 0);
    const received = receiver.requests[before];
    assert.ok(received, 'the receiver got the request');
    assert.equal(received.method, 'PATCH');
    assert.match(received.url, /^\/i\/inb_\w+\/curl\/me\?a=1&b=%20$/);
    assert.ok(received.body.equals(bytes), 'same body bytes');
    const sent = (name: string) =>
      received.headers.filter(([header]) => header.toLowerCase() === name).map(([, value]) => value);
    assert.deepEqual(sent('x-signature'), ['sha256=abc']);
    assert.deepEqual(sent('x-case'), ['Kept']);
    assert.deepEqual(sent('content-type'), ['application/octet-stream']);
    await page.context().close();
  });

  test('delete one event, then clear the inbox', async () => {
    const page = await rig.open('/');
    const { url } = await createInboxFromHome(page);
    for (const path of ['/a', '/b', '/c']) await ingest(url, { path, body: path });
    await row(page, '/c').waitFor();
    await row(page, '/b').click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete this event' }).click();
    await row(page, '/b').waitFor({ state: 'detached' });
    await page.locator('.list-count', { hasText: /^2 requests$/ }).waitFor();
    // A second tab on the same inbox follows deletions live.
    const second = await page.context().newPage();
    await second.goto(page.url().replace(/\/events\/.*$/, ''));
    await waitLive(second);
    await row(second, '/c').waitFor();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('button', { name: /Delete all 2 events/ }).click();
    await page.getByText('Waiting for the first request…').waitFor();
    await second.getByText('Waiting for the first request…').waitFor();
    await page.reload();
    await waitLive(page);
    await page.getByText('Waiting for the first request…').waitFor();
    await page.context().close();
  });

  test('a large inbox: older pages load on scroll, only visible rows are rendered, j/k and Enter move and open', async () => {
    const page = await rig.open('/');
    const { url, inboxId } = await createInboxFromHome(page);
    await page.close();
    const total = 260;
    for (let start = 0; start < total; start += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, total - start) }, (_, i) => ingest(url, { path: `/n/${start + i}` })),
      );
    }
    const list = await rig.open(`/inboxes/${inboxId}`, { context: page.context() });
    await waitLive(list);
    // The first page is in (the list may already have fetched older pages to fill its height:
    // whether it did depends on when the layout was measured, not on a fault).
    await list.locator('.list-count', { hasText: new RegExp(`^(100\\+|200\\+|${total}) requests$`) }).waitFor();
    // Virtualised: however many events are loaded, only the visible rows are in the DOM.
    await list.waitForFunction("(n => n > 0 && n < 60)(document.querySelectorAll('.event-row').length)");
    // Scrolling to the end loads the older pages, until all are there.
    for (let page = 0; page < 4; page += 1) {
      await list.getByTestId('event-list').evaluate((element) => element.scrollTo(0, element.scrollHeight));
      if ((await list.locator('.list-count', { hasText: new RegExp(`^${total} requests$`) }).count()) === 1) break;
      await list.locator('.list-count', { hasText: new RegExp(`^(${total}|\\d{3}\\+) requests$`) }).waitFor();
    }
    await list.locator('.list-count', { hasText: new RegExp(`^${total} requests$`) }).waitFor();
    await list.getByTestId('event-list').evaluate((element) => element.scrollTo(0, 0));
    await row(list, `/n/${total - 1}`).waitFor();
    // Keyboard: j moves down, k up, Enter opens.
    await list.locator('body').click({ position: { x: 900, y: 700 } });
    for (const key of ['j', 'j', 'j', 'k']) await list.keyboard.press(key);
    await list.locator('.event-row.is-cursor', { hasText: `/n/${total - 2}` }).waitFor();
    await list.locator('.event-row.is-cursor').press('Enter');
    await list.locator('.inspector-path', { hasText: `/n/${total - 2}` }).waitFor();
    await list.context().close();
  });
});

describe('hostile captured content', () => {
  test('bodies, headers, paths and queries full of markup and javascript: URLs never run and never become markup', async () => {
    const page = await rig.open('/');
    const { url, inboxId } = await createInboxFromHome(page);
    const flag = 'window.__rehookPwned=1';
    const payloads = [
      `<script>${flag}</script>`,
      `<img src=x onerror="${flag}">`,
      `<svg onload="${flag}"></svg>`,
      `"><iframe src="javascript:${flag}"></iframe>`,
      `javascript:${flag}`,
      `<a href="javascript:${flag}">click</a>`,
    ];
    const body = payloads.join('\n');
    await ingest(url, { path: '/html', headers: { 'content-type': 'text/html' }, body });
    await ingest(url, {
      path: '/json',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ [payloads[0] as string]: payloads[1], link: payloads[4], list: payloads }),
    });
    await ingest(url, {
      path: '/xml',
      headers: { 'content-type': 'application/xml' },
      body: `<?xml version="1.0"?><x a="${payloads[1]?.replaceAll('"', '&quot;')}"><script>${flag}</script></x>`,
    });
    await ingest(url, {
      path: `/%3Cscript%3E${encodeURIComponent(flag)}%3C/script%3E/<img src=x onerror=alert(1)>`.replaceAll(' ', '%20'),
      query:
        `q=${encodeURIComponent(payloads[1] as string)}&u=javascript:${encodeURIComponent(flag)}&raw="><script>${flag}</script>`.replaceAll(
          ' ',
          '%20',
        ),
      headers: {
        'x-evil': `<script>${flag}</script>`,
        'content-type': `text/html"><script>${flag}</script>`,
        referer: `javascript:${flag}`,
      },
      body: `<form action="javascript:${flag}"><button>go</button></form>`,
    });
    const boundary = 'b0undary';
    await ingest(url, {
      path: '/multipart',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="<script>${flag}</script>"; filename="<img src=x onerror=${flag}>"\r\nContent-Type: text/html\r\n\r\n${body}\r\n--${boundary}--\r\n`,
    });
    await page.locator('.list-count', { hasText: /^5 requests$/ }).waitFor();
    const ids = await page
      .locator('.event-row')
      .evaluateAll((rows) => rows.map((element) => element.getAttribute('data-event-id') as string));
    for (const id of ids) {
      await page.locator(`.event-row[data-event-id="${id}"]`).click();
      await page.locator('.inspector-body').waitFor();
      await page.locator('.body-view, .body-empty').first().waitFor();
      for (const view of ['Text', 'Hex']) {
        const button = page.getByRole('button', { name: view, exact: true });
        if ((await button.count()) > 0) await button.click();
      }
      await page.getByRole('tab', { name: 'Raw' }).click();
      await page.getByTestId('raw-request').waitFor();
      await assertNothingRan(page);
      await page.getByRole('tab', { name: 'Request' }).click();
    }
    // The text is shown as text.
    await page.locator(`.event-row[data-event-id="${ids[ids.length - 1]}"]`).click();
    await page.getByText(`<script>${flag}</script>`).first().waitFor();
    // The raw body is a download of the API origin, served so that it cannot run there either.
    const response = await fetch(`${rig.rehook.apiUrl}/api/v1/events/${ids[ids.length - 1]}/body`);
    assert.match(response.headers.get('content-disposition') ?? '', /^attachment/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.match(response.headers.get('content-security-policy') ?? '', /sandbox/);
    await response.arrayBuffer();
    // Recent inboxes and the list row titles too.
    await page.goto(`${rig.rehook.apiUrl}/`);
    await page.locator('.recent-link', { hasText: inboxId }).waitFor();
    await assertNothingRan(page);
    await page.context().close();
  });
});
