import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { builtCliPath, killAll, rehook, startServe, type ServeProcess, useBuiltCli } from './cli-harness.js';

// `rehook export` and `rehook curl`: the built bin against a spawned `rehook serve`.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

describe('rehook export and rehook curl (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  const client = () => ['--server', serve.apiUrl];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-export-'));
    // A given key: the generated one is announced by a log line before the listening line.
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir], {
      REHOOK_SECRET_KEY: '0'.repeat(64),
    });
  });
  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function createInbox(): Promise<string> {
    const res = await fetch(`${serve.apiUrl}/api/v1/inboxes`, { method: 'POST' });
    assert.equal(res.status, 201);
    return ((await res.json()) as { data: { inbox: { id: string } } }).data.inbox.id;
  }

  async function ingest(
    inboxId: string,
    init: { method?: string; body?: Buffer | string; headers?: Record<string, string>; suffix?: string },
  ): Promise<void> {
    const res = await fetch(`${serve.ingestUrl}/i/${inboxId}${init.suffix ?? ''}`, {
      method: init.method ?? 'POST',
      ...(init.body !== undefined ? { body: init.body } : {}),
      ...(init.headers ? { headers: init.headers } : {}),
    });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
  }

  async function events(inboxId: string): Promise<any[]> {
    const list = (await (await fetch(`${serve.apiUrl}/api/v1/inboxes/${inboxId}/events`)).json()) as { id: string }[];
    const full = [];
    for (const { id } of list.reverse())
      full.push(((await (await fetch(`${serve.apiUrl}/api/v1/events/${id}`)).json()) as any).data.event);
    return full;
  }

  test('export --format har writes a HAR of the inbox; --format ndjson with filters the matching events', async () => {
    const inboxId = await createInbox();
    const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await ingest(inboxId, {
      body: '{"type":"paid"}',
      headers: { 'content-type': 'application/json' },
      suffix: '/stripe',
    });
    await ingest(inboxId, { method: 'PUT', body: binary, headers: { 'content-type': 'application/octet-stream' } });
    await ingest(inboxId, { method: 'GET', suffix: '/ping?x=1' });
    const stored = await events(inboxId);

    const har = await rehook(['export', inboxId, ...client()]);
    assert.equal(har.code, 0, har.stderr);
    const doc = JSON.parse(har.stdout);
    assert.equal(doc.log.version, '1.2');
    assert.deepEqual(
      doc.log.entries.map((e: any) => e._rehook.eventId),
      stored.map((e) => e.id),
    );
    assert.equal(
      Buffer.from(doc.log.entries[1].request.postData.text, 'base64').toString('base64'),
      binary.toString('base64'),
    );

    const ndjson = await rehook([
      'export',
      inboxId,
      '--format',
      'ndjson',
      '--method',
      'POST',
      '--method',
      'put',
      ...client(),
    ]);
    assert.equal(ndjson.code, 0, ndjson.stderr);
    const lines = ndjson.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    // The event-type worker may type an event between the listing and the export: compare the
    // captured request, not what is learned from it later.
    const captured = ({ eventType: _type, drift: _drift, ...rest }: Record<string, unknown>) => rest;
    assert.deepEqual(lines.map(captured), stored.slice(0, 2).map(captured));

    const json = await rehook([
      'export',
      inboxId,
      '--format',
      'ndjson',
      '--json-field',
      'type=paid',
      '--path',
      '/stripe',
      ...client(),
    ]);
    assert.deepEqual(
      json.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).id),
      [stored[0].id],
    );
  });

  test('export errors: an unknown inbox (exit 1, the API code), a bad format or filter', async () => {
    const unknown = await rehook(['export', 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa', ...client()]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /INBOX_NOT_FOUND/);
    assert.equal(unknown.stdout, '');
    const format = await rehook(['export', 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa', '--format', 'csv', ...client()]);
    assert.equal(format.code, 2);
    assert.match(format.stderr, /--format must be har or ndjson/);
    const inboxId = await createInbox();
    const filter = await rehook(['export', inboxId, '--since', 'yesterday', ...client()]);
    assert.equal(filter.code, 1);
    assert.match(filter.stderr, /VALIDATION_FAILED/);
  });

  test('export stops when its reader goes away (| head)', async () => {
    const inboxId = await createInbox();
    for (let i = 0; i < 60; i += 1) await ingest(inboxId, { body: Buffer.alloc(100 * 1024, i) });
    // `rehook export ... | head -c 1000`: the shell closes the pipe after 1000 bytes.
    const child = spawn(
      'sh',
      [
        '-c',
        `"$0" "$1" export ${inboxId} --format ndjson --server ${serve.apiUrl} | head -c 1000 | wc -c`,
        process.execPath,
        builtCliPath(),
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    assert.equal(code, 0);
    assert.equal(out.trim(), '1000');
  });

  test('curl prints a command that sends the captured request again; redacted headers named on stderr', async () => {
    const inboxId = await createInbox();
    await ingest(inboxId, {
      body: Buffer.from([0, 1, 2, 0xff, 0x27, 0x24, 0x0a]),
      headers: { 'content-type': 'application/octet-stream', authorization: 'Bearer x', 'x-quote': `it's "$HOME"` },
      suffix: '/hook?a=1',
    });
    const [original] = await events(inboxId);
    const curl = await rehook(['curl', original.id, ...client()]);
    assert.equal(curl.code, 0, curl.stderr);
    assert.match(curl.stderr, /Left out \(redacted when captured\): authorization/);
    const ran = await new Promise<number | null>((resolve) => {
      const sh = spawn('sh', ['-s'], { stdio: ['pipe', 'ignore', 'inherit'] });
      sh.stdin.end(curl.stdout);
      sh.once('close', resolve);
    });
    assert.equal(ran, 0);
    const [, again] = await events(inboxId);
    assert.equal(again.method, original.method);
    assert.equal(again.path, original.path);
    assert.equal(again.query, original.query);
    assert.equal(again.bodyBase64, original.bodyBase64);
    const keep = (headers: [string, string][]) =>
      headers.filter(([n]) => !/^(host|content-length|connection|authorization)$/i.test(n));
    assert.deepEqual(keep(again.headers), keep(original.headers));
    const json = await rehook(['curl', original.id, '--json', ...client()]);
    assert.equal(JSON.parse(json.stdout).curl.command, curl.stdout.trimEnd());
  });
});
