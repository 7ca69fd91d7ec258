import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, call, createInbox, ingest } from '../support.js';

/**
 * Search and filter in GET /api/v1/inboxes/:id/events against a real server
 * (docs/search.md): requests sent to the ingest listener, found through the API, filters kept by
 * the Link header, and every bad parameter a 400 with a message naming it. The meaning of each
 * filter in depth is the property test's (test/property/search.test.ts). Runs on SQLite, and on
 * PostgreSQL in the second pass of `npm test`.
 */
describe('GET /api/v1/inboxes/:id/events with filters', () => {
  let rehook: TestRehook;
  let inboxId: string;
  const sent: { method: string; suffix: string; headers: Record<string, string>; body: string | Buffer }[] = [];

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_RATE_INGEST_PER_INBOX: '0' } });
    inboxId = (await createInbox(rehook)).id;
    for (let i = 0; i < 12; i += 1) {
      const request =
        i % 3 === 0
          ? {
              method: 'POST',
              suffix: '/stripe/events',
              headers: { 'content-type': 'application/json', 'stripe-signature': `t=${i}` },
              body: JSON.stringify({
                id: `evt_${i}`,
                data: { object: { status: i % 2 === 0 ? 'paid' : 'open', amount: i * 100 } },
              }),
            }
          : i % 3 === 1
            ? {
                method: 'PUT',
                suffix: '/github',
                headers: { 'X-GitHub-Event': i === 4 ? 'push' : 'issues' },
                body: `plain text ${i} needle-${i}`,
              }
            : {
                method: 'POST',
                suffix: '',
                headers: { 'content-type': 'application/octet-stream' },
                body: Buffer.from([0, 0xff, 0xfe, i]),
              };
      sent.push(request);
      await ingest(rehook, inboxId, request);
    }
  });
  after(() => rehook.stop());

  const list = async (query: string) => {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?${query}`);
    assert.equal(res.status, 200, res.text);
    return res;
  };
  /** Indexes (in sending order) of the listed events, newest first. */
  const indexes = async (query: string): Promise<number[]> => {
    const res = await list(`limit=1000&${query}`);
    const all = await list('limit=1000');
    const order = (all.body as { id: string }[]).map((e) => e.id).reverse();
    return (res.body as { id: string }[]).map((e) => order.indexOf(e.id));
  };

  it('each filter kind finds its events', async () => {
    assert.deepEqual(await indexes('method=put'), [10, 7, 4, 1]);
    assert.deepEqual(await indexes('path=/stripe'), [9, 6, 3, 0]);
    assert.deepEqual(await indexes(`path=${encodeURIComponent(`/i/${inboxId}/github`)}`), [10, 7, 4, 1]);
    assert.deepEqual(await indexes('header=x-github-event:push'), [4]);
    assert.deepEqual(await indexes('header=Stripe-Signature'), [9, 6, 3, 0]);
    assert.deepEqual(await indexes('q=needle-7'), [7]);
    assert.deepEqual(await indexes('json=data.object.status=paid'), [6, 0]);
    assert.deepEqual(await indexes('json=data.object.amount=900'), [9]);
    assert.deepEqual(await indexes('method=POST&json=data.object.status=open&path=/stripe'), [9, 3]);
  });

  it('since and until take event ids and ISO times', async () => {
    const all = (await list('limit=1000')).body as { id: string; receivedAt: string }[];
    const oldestFirst = [...all].reverse();
    const since = oldestFirst[3]?.id as string;
    const until = oldestFirst[6]?.id as string;
    assert.deepEqual(await indexes(`since=${since}&until=${until}`), [5, 4, 3]);
    assert.deepEqual(
      await indexes(`since=${encodeURIComponent(oldestFirst[0]?.receivedAt as string)}&method=PUT`),
      [10, 7, 4, 1],
    );
    assert.deepEqual(await indexes('until=2000-01-01'), []);
  });

  it('pages of a search follow the Link header, which keeps every filter', async () => {
    const query = 'method=POST&method=PUT&header=content-type&q=%22&limit=1';
    const seen: string[] = [];
    let path: string | null = `/api/v1/inboxes/${inboxId}/events?${query}`;
    for (let pages = 0; path !== null && pages < 20; pages += 1) {
      const res = await call(rehook.apiUrl, path);
      assert.equal(res.status, 200, res.text);
      seen.push(...(res.body as { id: string }[]).map((e) => e.id));
      const link = res.headers.get('link');
      if (link === null) {
        path = null;
      } else {
        const match = /^<([^>]+)>; rel="next"$/.exec(link);
        assert.ok(match, link);
        path = match[1] as string;
        const params = new URL(path, rehook.apiUrl).searchParams;
        assert.deepEqual(params.getAll('method'), ['POST', 'PUT']);
        assert.deepEqual(params.getAll('header'), ['content-type']);
        assert.equal(params.get('q'), '"');
        assert.equal(params.get('limit'), '1');
      }
    }
    // The JSON bodies (content-type and a quote): events 9, 6, 3, 0.
    const all = ((await list('limit=1000')).body as { id: string }[]).map((e) => e.id).reverse();
    assert.deepEqual(
      seen.map((id) => all.indexOf(id)),
      [9, 6, 3, 0],
    );
  });

  it('an empty parameter is no filter; the plain list is unchanged', async () => {
    const plain = await list('limit=5');
    const empty = await list('limit=5&q=&path=&method=');
    assert.equal(empty.text, plain.text);
    assert.equal(empty.headers.get('link'), plain.headers.get('link'));
  });

  it('a bad filter parameter is a 400 VALIDATION_FAILED naming it', async () => {
    const cases: [string, RegExp][] = [
      ['method=G%20T', /method/],
      ['path=stripe', /path must start with \//],
      ['header=bad%20name', /header/],
      ['json=a..b=1', /json/],
      ['since=yesterday', /since must be an ISO 8601 time/],
      ['until=evt_nope', /until/],
      ['q=a&q=b', /q must be given once/],
      [`q=${'x'.repeat(1025)}`, /q must be at most 1024/],
    ];
    for (const [query, message] of cases) {
      const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?${query}`);
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, message, query);
    }
  });
});

/**
 * Hostile bodies against search and export: nothing may turn into a 500 or a cut-off answer.
 * JSON nested 100,000 deep makes PostgreSQL's jsonb cast fail ("stack depth limit exceeded")
 * and is past SQLite's JSON reader: both skip it, and so does the export's matcher.
 */
describe('search and export over hostile bodies', () => {
  let rehook: TestRehook;
  let inboxId: string;
  const boundary = 'hostile-boundary';
  const bodies: { name: string; type: string; body: string | Buffer; json: boolean }[] = [
    { name: 'small', type: 'application/json', body: '{"k":"v"}', json: true },
    {
      name: 'deep',
      type: 'application/json',
      body: `{"k":"v","d":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      json: false,
    },
    {
      name: 'long line',
      type: 'application/json',
      body: JSON.stringify({ k: 'v', s: 'x'.repeat(10 * 1024 * 1024 - 100) }),
      json: true,
    },
    {
      name: 'form',
      type: 'application/x-www-form-urlencoded',
      body: Array.from({ length: 50_000 }, (_, i) => `k${i}=v`).join('&'),
      json: false,
    },
    {
      name: 'multipart',
      type: `multipart/form-data; boundary=${boundary}`,
      body: `${Array.from({ length: 1_000 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="k${i}"\r\n\r\nv\r\n`).join('')}--${boundary}--\r\n`,
      json: false,
    },
    {
      name: 'bad utf-8',
      type: 'application/json',
      body: Buffer.concat([Buffer.from('{"k":"v","s":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
      json: false,
    },
  ];

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_RATE_INGEST_PER_INBOX: '0' } });
    inboxId = (await createInbox(rehook)).id;
    for (const { name, type, body } of bodies) {
      await ingest(rehook, inboxId, {
        suffix: `/${name.replace(/\W/g, '-')}`,
        headers: { 'content-type': type },
        body,
      });
    }
  });
  after(() => rehook.stop());

  /** The names of the listed events, newest first. */
  const names = (events: { path: string }[]) =>
    events.map((e) => bodies.find((b) => e.path.endsWith(`/${b.name.replace(/\W/g, '-')}`))?.name);

  it('a JSON field filter answers 200 and skips what is not JSON within the depth limit', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?json=k=v`);
    assert.equal(res.status, 200, res.text.slice(0, 300));
    const expected = bodies.filter((b) => b.json).map((b) => b.name);
    assert.deepEqual(names(res.body as { path: string }[]), expected.reverse());
    const text = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?q=${encodeURIComponent('k49999=v')}`);
    assert.equal(text.status, 200, text.text.slice(0, 300));
    assert.deepEqual(names(text.body as { path: string }[]), ['form']);
  });

  it('an export with the same filter holds the same events, whole', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/export?format=ndjson&json=k=v`);
    assert.equal(res.status, 200, res.text.slice(0, 300));
    const lines = res.text.trimEnd().split('\n');
    const exported = lines.map((line) => JSON.parse(line) as { path: string });
    const expected = bodies.filter((b) => b.json).map((b) => b.name);
    assert.deepEqual(names(exported), expected, 'oldest first');
  });
});

describe('text search over what the Form and JSON views show decoded', () => {
  let rehook: TestRehook;
  let inboxId: string;

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_RATE_INGEST_PER_INBOX: '0' } });
    inboxId = (await createInbox(rehook)).id;
    const bodies: [string, string, string][] = [
      ['/form', 'application/x-www-form-urlencoded', 'Body=Hello+w%C3%B6rld&From=%2B15551234567'],
      ['/json', 'application/json', '{"name":"Caf\\u00E9 W\\u00f6rld","note":"say \\"Hi\\""}'],
      ['/plain', 'text/plain', 'nothing to see'],
    ];
    for (const [suffix, type, body] of bodies) {
      await ingest(rehook, inboxId, { suffix, headers: { 'content-type': type }, body });
    }
    await ingest(rehook, inboxId, {
      suffix: '/binary',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.concat([Buffer.from([0, 0xff]), Buffer.from('HELLO')]),
    });
  });
  after(() => rehook.stop());

  /** The paths below the inbox of the events found, newest first. */
  const found = async (query: string): Promise<string[]> => {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body.map((event: { path: string }) => event.path.replace(`/i/${inboxId}`, ''));
  };

  it('finds form fields and JSON strings decoded, A-Z in either case, and keeps the raw-bytes match', async () => {
    assert.deepEqual(await found(`q=${encodeURIComponent('wörld')}`), ['/json', '/form']);
    assert.deepEqual(await found(`q=${encodeURIComponent('+15551234567')}`), ['/form']);
    assert.deepEqual(await found(`q=${encodeURIComponent('hello wörld')}`), ['/form']);
    assert.deepEqual(await found(`q=${encodeURIComponent('café')}`), ['/json']);
    assert.deepEqual(await found(`q=${encodeURIComponent('say "hi"')}`), ['/json']);
    assert.deepEqual(await found('q=hello'), ['/binary', '/form']);
    assert.deepEqual(await found(`q=${encodeURIComponent('%2B1555')}`), ['/form'], 'raw bytes still match');
  });

  it('case=sensitive matches the letters exactly', async () => {
    assert.deepEqual(await found('q=hello&case=sensitive'), []);
    assert.deepEqual(await found('q=Hello&case=sensitive'), ['/form']);
    assert.deepEqual(await found('q=HELLO&case=sensitive'), ['/binary']);
    assert.deepEqual(await found(`q=${encodeURIComponent('Café')}&case=sensitive`), ['/json']);
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?q=x&case=upper`),
      400,
      'VALIDATION_FAILED',
    );
  });
});
