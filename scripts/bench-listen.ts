import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { RehookClient } from '../src/client/rehook-client.js';
import { jsonLines, killChildren, spawnRehook, startServe, startTarget, waitFor } from '../test/e2e/listen-harness.js';

/**
 * Catch-up speed of `rehook listen`: a backlog of BENCH_EVENTS (default 3000) events captured by
 * a spawned `rehook serve` on SQLite, then a listener started with `--since 1h`; prints events/s
 * from its first delivery to its last, and what its lines said about the lag.
 * Run: node --import tsx scripts/bench-listen.ts
 */
const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 3000);

const dataDir = await mkdtemp(join(tmpdir(), 'rehook-bench-'));
const userDir = await mkdtemp(join(tmpdir(), 'rehook-bench-user-'));
const serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir], {
  REHOOK_RATE_INGEST_PER_INBOX: '0',
  REHOOK_RATE_ANON_INBOXES: '0',
});
const target = await startTarget();
try {
  const inbox = await new RehookClient({ baseUrl: serve.apiUrl }).createInbox();
  const ingest = new Agent({ connections: 8 });
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < EVENTS) {
        const seq = next++;
        const res = await request(`${serve.ingestUrl}/i/${inbox.id}/bench?seq=${seq}`, {
          dispatcher: ingest,
          method: 'POST',
          body: JSON.stringify({ seq, pad: 'x'.repeat(500) }),
        });
        await res.body.arrayBuffer();
      }
    }),
  );
  await ingest.close();
  const listener = spawnRehook(
    ['listen', inbox.id, '--server', serve.apiUrl, '--forward-to', `${target.url}/hooks`, '--since', '1h', '--json'],
    { REHOOK_STATE_DIR: join(userDir, 'state'), REHOOK_CONFIG_DIR: join(userDir, 'config') },
  );
  await waitFor(() => target.answered().length > 0, 'the first delivery');
  const started = performance.now();
  const first = target.answered().length;
  await waitFor(() => target.answered().length >= EVENTS, 'every delivery', 600_000);
  const seconds = (performance.now() - started) / 1000;
  listener.child.kill('SIGINT');
  await listener.exited;
  const lines = jsonLines(listener.stdout()).filter((line) => line['type'] === 'delivery');
  const behind = lines.filter((line) => line['behind'] !== undefined);
  console.log(
    `${EVENTS - first} events in ${seconds.toFixed(1)} s: ${((EVENTS - first) / seconds).toFixed(0)} events/s; ` +
      `${behind.length} lines with behind, first ${JSON.stringify(behind[0]?.['behind'])}, last ${JSON.stringify(behind.at(-1)?.['behind'])}`,
  );
} finally {
  killChildren();
  await target.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(userDir, { recursive: true, force: true });
}
