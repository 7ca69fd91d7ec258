import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { RehookClient } from '../src/client/rehook-client.js';
import { killChildren, type ServeProcess, startServe, startTarget, type Target } from '../test/e2e/listen-harness.js';

/** For the listener benchmarks: a spawned `rehook serve` on SQLite, an inbox with a backlog, a local target. */

export interface Backlog {
  readonly serve: ServeProcess;
  readonly target: Target;
  readonly inboxId: string;
  /** A scratch directory, removed by close(). */
  readonly dir: string;
  close(): Promise<void>;
}

/** Captures `events` POSTs (`?seq=n`, a 500-byte JSON body) over 8 connections. */
export async function startBacklog(events: number): Promise<Backlog> {
  const dir = await mkdtemp(join(tmpdir(), 'rehook-bench-'));
  const serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', join(dir, 'data')], {
    REHOOK_RATE_INGEST_PER_INBOX: '0',
    REHOOK_RATE_ANON_INBOXES: '0',
  });
  const target = await startTarget();
  const inbox = await new RehookClient({ baseUrl: serve.apiUrl }).createInbox();
  const ingest = new Agent({ connections: 8 });
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < events) {
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
  return {
    serve,
    target,
    inboxId: inbox.id,
    dir,
    close: async () => {
      killChildren();
      await target.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
