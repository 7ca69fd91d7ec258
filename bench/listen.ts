import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { jsonLines, spawnRehook, waitFor } from '../test/e2e/listen-harness.js';
import { startBacklog } from './listen-backlog.js';

/**
 * Catch-up speed of `rehook listen`: a backlog of BENCH_EVENTS (default 3000) events captured by
 * a spawned `rehook serve` on SQLite, then a listener started with `--since 1h`; prints events/s
 * from its first delivery to its last, and what its lines said about the lag.
 * Run: node --import tsx bench/listen.ts
 */
const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 3000);

const backlog = await startBacklog(EVENTS);
try {
  const { serve, target, inboxId, dir } = backlog;
  const listener = spawnRehook(
    ['listen', inboxId, '--server', serve.apiUrl, '--forward-to', `${target.url}/hooks`, '--since', '1h', '--json'],
    { REHOOK_STATE_DIR: join(dir, 'state'), REHOOK_CONFIG_DIR: join(dir, 'config') },
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
  await backlog.close();
}
