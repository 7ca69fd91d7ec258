import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { RehookApiError } from '../../src/client/errors.js';
import { RehookClient } from '../../src/client/rehook-client.js';
import { EXIT, ExitError } from '../../src/cli/exit.js';
import { positionPath } from '../../src/cli/listen/position.js';
import { parseForwardRules, rulesKey } from '../../src/cli/listen/rules.js';
import type { ListenSummary } from '../../src/cli/listen/settings.js';
import { waitFor } from './listen-harness.js';
import {
  client,
  listen,
  newInbox,
  one,
  outcomes,
  rehook,
  started,
  stateDir,
  useListenRig,
} from './listen-in-process.js';

// Where `rehook listen` starts and how it resumes, its loop run in-process against a real
// Rehook and a real local target: the start positions (now, --since, --from, the saved one),
// the position file on disk, an event left pending by Ctrl-C delivered by the next run, and an
// unknown inbox ending the listener.

useListenRig();

describe('rehook listen (in-process, real server and targets)', { concurrency: 1 }, () => {
  test('start positions: now skips the backlog, --since 1h and --from <eventId> deliver it first (oldest first), the default resumes', async () => {
    const inboxId = await newInbox();
    for (const n of [1, 2, 3]) await client.send(inboxId, { path: `/old${n}`, body: String(n) });
    const [third, second] = (await client.events(inboxId, { limit: 2 })).events;

    const fromNow = listen(inboxId, [one.url], { start: { kind: 'now' }, key: 'now' });
    await started(fromNow);
    await client.send(inboxId, { path: '/new1', body: 'n' });
    await waitFor(() => outcomes(fromNow, 'delivered').length === 1, 'one new event');
    await fromNow.stop();
    assert.deepEqual(
      outcomes(fromNow, 'delivered').map((line) => line['path']),
      ['/new1'],
    );

    const since = listen(inboxId, [one.url], { start: { kind: 'ago', ms: 3_600_000, text: '1h' }, key: 'since' });
    await started(since);
    await waitFor(() => outcomes(since, 'delivered').length === 4, 'the backlog');
    await since.stop();
    assert.deepEqual(
      outcomes(since, 'delivered').map((line) => line['path']),
      ['/old1', '/old2', '/old3', '/new1'],
    );

    const fromEvent = listen(inboxId, [one.url], { start: { kind: 'event', eventId: second?.id ?? '' }, key: 'event' });
    await started(fromEvent);
    await waitFor(() => outcomes(fromEvent, 'delivered').length === 3, 'from the second event on');
    const firstRun = await fromEvent.stop();
    assert.deepEqual(
      outcomes(fromEvent, 'delivered').map((line) => line['path']),
      ['/old2', '/old3', '/new1'],
    );
    assert.equal(third?.path, `/i/${inboxId}/old3`);

    // The same key again, default start: resumes after the saved position; nothing is sent twice.
    await client.send(inboxId, { path: '/new2', body: 'm' });
    const resumed = listen(inboxId, [one.url], { key: 'event' });
    await started(resumed);
    assert.ok(resumed.err.some((line) => line.includes(`resuming after ${firstRun.last?.lastEventId ?? '?'}`)));
    await waitFor(() => outcomes(resumed, 'delivered').length === 1, 'the event stored meanwhile');
    await client.send(inboxId, { path: '/new3', body: 'o' });
    await waitFor(() => outcomes(resumed, 'delivered').length === 2, 'a new event');
    await resumed.stop();
    assert.deepEqual(
      outcomes(resumed, 'delivered').map((line) => line['path']),
      ['/new2', '/new3'],
    );

    // --from last without a saved position is an error; --from <eventId> of another inbox too.
    const noPosition = listen(inboxId, [one.url], { start: { kind: 'last' }, key: 'never-ran' });
    await assert.rejects(
      noPosition.done,
      (err: unknown) => err instanceof ExitError && err.code === EXIT.FAILURE && /--from last/.test(err.message),
    );
    const other = await newInbox();
    const wrongInbox = listen(other, [one.url], { start: { kind: 'event', eventId: second?.id ?? '' } });
    await assert.rejects(wrongInbox.done, /belongs to inbox/);
  });

  test('the position file: one per (server, inbox, targets), written atomically with mode 0600; stale temporary files removed', async () => {
    const inboxId = await newInbox();
    const tempKey = { server: rehook.apiUrl, inboxId, target: rulesKey(parseForwardRules([one.url])) };
    const tempPath = positionPath({ REHOOK_STATE_DIR: stateDir }, tempKey);
    const { mkdir, writeFile, readdir } = await import('node:fs/promises');
    const { basename, dirname } = await import('node:path');
    await mkdir(dirname(tempPath), { recursive: true });
    const stale = join(dirname(tempPath), `.${basename(tempPath)}.dead.tmp`);
    const otherTemp = join(dirname(tempPath), '.someone-else.json.live.tmp');
    await writeFile(stale, '{"half');
    await writeFile(otherTemp, '{"half');
    const run = listen(inboxId, [one.url]);
    await started(run);
    await client.send(inboxId, { body: 'p' });
    await waitFor(() => outcomes(run, 'delivered').length === 1, 'one event');
    const summary = await run.stop();
    const key = { server: rehook.apiUrl, inboxId, target: rulesKey(parseForwardRules([one.url])) };
    const path = positionPath({ REHOOK_STATE_DIR: stateDir }, key);
    const saved = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    assert.equal(saved['lastEventId'], summary.last?.lastEventId);
    assert.equal(saved['inboxId'], inboxId);
    const { stat } = await import('node:fs/promises');
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    assert.notEqual(positionPath({ REHOOK_STATE_DIR: stateDir }, { ...key, target: 'other' }), path);
    const left = await readdir(dirname(tempPath));
    assert.ok(!left.includes(basename(stale)), 'the stale temporary file of this position is removed');
    assert.ok(left.includes(basename(otherTemp)), "another position's temporary file is left alone");
    await rm(otherTemp);
  });

  test('an unknown inbox ends the listener with the API error', async () => {
    const run = listen('inb_0000000000000000000000000a', [one.url]);
    await assert.rejects(run.done, (err: unknown) => err instanceof RehookApiError && err.code === 'INBOX_NOT_FOUND');
  });

  test('Ctrl-C while an event is being retried: it is not saved, and the next run (default start) delivers it', async () => {
    const inboxId = await newInbox();
    const run = listen(inboxId, [one.url], { retries: 100, key: 'ctrl-c' });
    await started(run);
    await client.send(inboxId, { path: '/first', body: 'f' });
    await waitFor(() => outcomes(run, 'delivered').length === 1, 'the first event');
    one.handler = () => ({ status: 503 });
    let summary: ListenSummary;
    try {
      await client.send(inboxId, { path: '/pending', body: 'q' });
      await waitFor(() => outcomes(run, 'retrying').length >= 2, 'retries');
      summary = await run.stop();
    } finally {
      one.handler = (delivery) => ({ status: 200, body: `ok ${delivery.body.length}` });
    }
    const first = outcomes(run, 'delivered')[0];
    assert.deepEqual([summary.delivered, summary.failed, summary.skipped], [1, 0, 0]);
    assert.equal(summary.last?.lastEventId, first?.['eventId']);
    const again = listen(inboxId, [one.url], { key: 'ctrl-c' });
    await waitFor(() => outcomes(again, 'delivered').length === 1, 'the pending event');
    await again.stop();
    assert.equal(outcomes(again, 'delivered')[0]?.['path'], '/pending');
  });

  test('a backlog is read in pages with its bodies, not a request per event: in order, bytes exact, the position saved exactly at the stop', async () => {
    const inboxId = await newInbox();
    const bodies = Array.from({ length: 150 }, (_, n) => Buffer.from([n, 0, 255, 10, n ^ 0xaa]));
    for (const [n, body] of bodies.entries()) await client.send(inboxId, { path: `/b${n}`, body });
    // The server calls the listener makes, counted.
    const calls = { nextEvent: 0, event: 0, exportInbox: 0 };
    class Counting extends RehookClient {
      override nextEvent(...args: Parameters<RehookClient['nextEvent']>): ReturnType<RehookClient['nextEvent']> {
        calls.nextEvent += 1;
        return super.nextEvent(...args);
      }
      override event(...args: Parameters<RehookClient['event']>): ReturnType<RehookClient['event']> {
        calls.event += 1;
        return super.event(...args);
      }
      override exportInbox(...args: Parameters<RehookClient['exportInbox']>): ReturnType<RehookClient['exportInbox']> {
        calls.exportInbox += 1;
        return super.exportInbox(...args);
      }
    }
    const before = one.deliveries.length;
    const run = listen(inboxId, [one.url], {
      start: { kind: 'ago', ms: 3_600_000, text: '1h' },
      key: 'backlog',
      as: new Counting({ baseUrl: rehook.apiUrl }),
    });
    await waitFor(() => outcomes(run, 'delivered').length === bodies.length, 'the backlog');
    const summary = await run.stop();
    const delivered = one.deliveries.slice(before);
    assert.deepEqual(
      delivered.map((d) => d.url),
      bodies.map((_, n) => `/b${n}`),
    );
    for (const [n, d] of delivered.entries()) assert.deepEqual(d.body, bodies[n], `body of /b${n}`);
    // One download for the backlog (another finding nothing, perhaps a third), one long-poll at
    // most once it is done; never one per event.
    assert.ok(calls.exportInbox <= 3, `${calls.exportInbox} downloads`);
    assert.ok(calls.nextEvent <= 2, `${calls.nextEvent} long-polls`);
    assert.equal(calls.event, 0);
    // The stop saved the last event delivered.
    const newest = (await client.events(inboxId, { limit: 1 })).events[0];
    assert.equal(summary.last?.lastEventId, newest?.id);
    const key = { server: rehook.apiUrl, inboxId, target: 'backlog' };
    const saved = JSON.parse(await readFile(positionPath({ REHOOK_STATE_DIR: stateDir }, key), 'utf8')) as {
      lastEventId: string;
    };
    assert.equal(saved.lastEventId, newest?.id);
  });
});
