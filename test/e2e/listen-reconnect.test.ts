import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { RehookClient } from '../../src/client/rehook-client.js';
import {
  jsonLines,
  killChildren,
  portOf,
  spawnRehook,
  startServe,
  startTarget,
  waitFor,
  type ServeProcess,
} from './listen-harness.js';

// The server a listener follows is stopped (SIGTERM: it closes its connections) and a new one
// started on the same ports and data directory: the listener says it lost the connection, comes
// back by itself and delivers what arrives next, in order, nothing twice. How soon it is back is
// bounded by the reconnect backoff's cap (backoff.ts), not asserted here: durations depend on load.

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  killChildren();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

test('listen: the server closed and started again on the same port; the listener reconnects and delivers the next events', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'rehook-listen-reconnect-'));
  const userDir = await mkdtemp(join(tmpdir(), 'rehook-listen-reconnect-user-'));
  cleanups.push(
    () => rm(dataDir, { recursive: true, force: true }),
    () => rm(userDir, { recursive: true, force: true }),
  );
  const serveArgs = (api: number, ingest: number): string[] => [
    '--port',
    String(api),
    '--ingest-port',
    String(ingest),
    '--data-dir',
    dataDir,
  ];
  let serve: ServeProcess = await startServe(serveArgs(0, 0));
  cleanups.push(() => serve.kill());
  const target = await startTarget();
  cleanups.push(() => target.close());
  const api = new RehookClient({ baseUrl: serve.apiUrl });
  const inbox = await api.createInbox();
  const send = (seq: number): Promise<void> =>
    api.send(inbox.id, { method: 'POST', path: '/e', query: `seq=${seq}`, body: `event ${seq}` });
  const seqs = (): number[] =>
    target.answered().map((delivery) => Number(new URL(delivery.url, 'http://x').searchParams.get('seq')));

  const listener = spawnRehook(
    ['listen', inbox.id, '--server', serve.apiUrl, '--forward-to', `${target.url}/hooks`, '--json'],
    { REHOOK_STATE_DIR: join(userDir, 'state'), REHOOK_CONFIG_DIR: join(userDir, 'config') },
  );
  await waitFor(() => listener.stderr().includes('Press Ctrl-C to stop'), 'the listener to start');
  await send(1);
  await waitFor(() => seqs().includes(1), 'the first event');

  // The server goes away while the listener waits in its long-poll.
  serve.child.kill('SIGTERM');
  await serve.exited;
  await waitFor(() => listener.stderr().includes(`Lost the connection to ${serve.apiUrl}`), 'the lost line');
  serve = await startServe(serveArgs(portOf(serve.apiUrl), portOf(serve.ingestUrl)));
  await send(2);
  await send(3);
  await waitFor(() => seqs().includes(3), 'the events sent to the new server');
  assert.match(
    listener.stderr(),
    /Back after \d+\.\d s: reconnected to http:\/\/127\.0\.0\.1:\d+ \(\d+ failed attempts\)\./,
  );

  listener.child.kill('SIGINT');
  assert.equal((await listener.exited).code, 0, listener.stderr());
  assert.deepEqual(seqs(), [1, 2, 3]);
  const connection = jsonLines(listener.stdout()).filter((line) => line['type'] === 'connection');
  assert.deepEqual(
    connection.map((line) => [line['state'], line['server']]),
    [
      ['lost', serve.apiUrl],
      ['back', serve.apiUrl],
    ],
  );
  assert.equal(typeof connection[1]?.['downMs'], 'number');
});
