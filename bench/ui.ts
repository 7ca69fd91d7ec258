// The web app's figures, run at the end of `npm run bench` and alone with
// `npm run bench:ui`:
//   1. the app's JavaScript, gzipped (budget: under 100 KiB);
//   2. an inbox page with 100,000 stored events: time from navigation to its first rows shown;
//   3. a burst of 2,000 events in 2 s reaching an open page: the longest main-thread task
//      (budget: none over 200 ms), from the browser's Long Tasks API;
//   4. the inspector on hostile bodies (bench/ui-hostile.ts): open each (budget 1 s) and switch
//      its views and tabs (budget 300 ms).
// A Rehook in this process on a seeded SQLite directory, Debian's headless Chromium
// (playwright-core). Loopback only.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import { loadConfig } from '../src/config/load.js';
import { startRehook } from '../src/server.js';
import { launchBrowser, newContext } from '../test/helpers/browser.js';
import { seedDataDir } from './seed.js';
import { formatHostileTimings, type HostileTiming, measureHostileBodies } from './ui-hostile.js';

// Functions passed to page.evaluate run in the browser; this file is type-checked without the DOM library.
declare const window: any;
declare const document: any;
declare const navigator: any;

export interface UiBenchResult {
  readonly jsGzipBytes: number;
  readonly cssGzipBytes: number;
  readonly bigInboxEvents: number;
  /** Navigation start to the first rows of the 100,000-event inbox shown, per load (ms). */
  readonly firstRowsMs: readonly number[];
  readonly burstEvents: number;
  readonly burstSeconds: number;
  /** Longest main-thread task while the burst arrived (0 when none reached the 50 ms the API reports). */
  readonly longestTaskMs: number;
  readonly longTasks: number;
  /** The inspector on each hostile body. */
  readonly hostile: readonly HostileTiming[];
}

const log = (message: string): void => {
  process.stderr.write(`[bench:ui] ${message}\n`);
};

function gzippedSize(dir: string, extension: string): number {
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .reduce((total, name) => total + gzipSync(readFileSync(join(dir, name)), { level: 9 }).length, 0);
}

export async function runUiBench(
  repo: string,
  options: { events?: number; burst?: number } = {},
): Promise<UiBenchResult> {
  const assets = join(repo, 'dist', 'ui', 'assets');
  const jsGzipBytes = gzippedSize(assets, '.js');
  const cssGzipBytes = gzippedSize(assets, '.css');
  const events = options.events ?? 100_000;
  const burst = options.burst ?? 2_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-bench-ui-'));
  log(`seeding ${events} events`);
  const seed = await seedDataDir(dataDir, {
    bigEvents: events,
    smallEvents: 1,
    seedBodySize: 512,
    eventBodySize: 1024,
    replayBodySize: 64,
  });
  const rehook = await startRehook(
    loadConfig({
      REHOOK_PORT: '0',
      REHOOK_INGEST_PORT: '0',
      REHOOK_DATA_DIR: dataDir,
      REHOOK_LOG_LEVEL: 'silent',
      REHOOK_RATE_INGEST_PER_INBOX: '0',
      REHOOK_MAX_CONNECTIONS_PER_IP: '0',
    }),
  );
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser);
    // The seeded inbox belongs to the seeded account: the page calls the API with its token.
    await context.setExtraHTTPHeaders({ authorization: `Bearer ${seed.token}` });
    await context.addInitScript(`
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    `);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const inboxPath = `/inboxes/${seed.bigInboxId}`;
    const firstRowsMs: number[] = [];
    for (let load = 0; load < 3; load += 1) {
      const started = performance.now();
      await page.goto(rehook.apiUrl + inboxPath);
      await page.locator('.event-row').first().waitFor();
      firstRowsMs.push(Math.round(performance.now() - started));
    }
    await page.locator('[data-status="live"]').waitFor();
    log(`first rows of a ${events}-event inbox: ${firstRowsMs.join(', ')} ms`);

    // The burst: 2,000 events spread evenly over 2 s, 100 every 100 ms.
    await page.evaluate(() => {
      (window as unknown as { __longTasks: number[] }).__longTasks.length = 0;
    });
    const inboxUrl = `${rehook.ingestUrl}/i/${seed.bigInboxId}`;
    const burstStarted = performance.now();
    const batches = 20;
    const sends: Promise<unknown>[] = [];
    // Keep-alive connections, as a provider's sender would use (not 2,000 sockets at once).
    const senders = new Agent({ connections: 64 });
    for (let batch = 0; batch < batches; batch += 1) {
      const due = burstStarted + (batch * 2000) / batches;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      for (let i = 0; i < burst / batches; i += 1) {
        const n = batch * (burst / batches) + i;
        sends.push(
          request(`${inboxUrl}/burst/${n}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: `{"n":${n}}`,
            dispatcher: senders,
          }).then(async (response) => {
            await response.body.arrayBuffer();
            if (response.statusCode !== 200) throw new Error(`ingest answered ${response.statusCode}`);
          }),
        );
      }
    }
    await Promise.all(sends);
    await senders.close();
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    // Every burst event has reached the page: the count grew by the burst.
    await page.waitForFunction(
      (expected) =>
        Number((document.querySelector('.list-count')?.textContent ?? '').replace(/[^\d]/g, '')) >= expected,
      100 + burst,
    );
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.slice());
    const hostile = await measureHostileBodies(
      page,
      `${rehook.ingestUrl}/i/${seed.smallInboxId}`,
      `${rehook.apiUrl}/inboxes/${seed.smallInboxId}`,
    );
    log(`hostile bodies: ${hostile.map((t) => `${t.path} ${t.openMs}/${t.slowestSwitchMs} ms`).join(', ')}`);
    const result: UiBenchResult = {
      jsGzipBytes,
      cssGzipBytes,
      bigInboxEvents: events,
      firstRowsMs,
      burstEvents: burst,
      burstSeconds: Math.round(burstSeconds * 100) / 100,
      longestTaskMs: Math.round(Math.max(0, ...longTasks)),
      longTasks: longTasks.length,
      hostile,
    };
    await context.close();
    return result;
  } finally {
    await browser.close();
    await rehook.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatUiBench(result: UiBenchResult): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const sorted = [...result.firstRowsMs].sort((a, b) => a - b);
  return [
    '',
    'Web app',
    `  JavaScript, gzipped:       ${kib(result.jsGzipBytes)} (budget 100 KiB: ${result.jsGzipBytes < 100 * 1024 ? 'met' : 'MISSED'}); CSS ${kib(result.cssGzipBytes)}`,
    `  first rows, ${result.bigInboxEvents.toLocaleString('en')}-event inbox: median ${sorted[1] ?? sorted[0]} ms (loads: ${result.firstRowsMs.join(', ')} ms)`,
    `  burst of ${result.burstEvents} events in ${result.burstSeconds} s: longest main-thread task ${result.longestTaskMs} ms` +
      ` (${result.longTasks} tasks over 50 ms; budget 200 ms: ${result.longestTaskMs <= 200 ? 'met' : 'MISSED'})`,
    ...formatHostileTimings(result.hostile),
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  runUiBench(repo)
    .then((result) => {
      process.stdout.write(formatUiBench(result));
      process.stdout.write(`${JSON.stringify(result)}\n`);
    })
    .catch((err: unknown) => {
      process.stderr.write(`[bench:ui] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    });
}
