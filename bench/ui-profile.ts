// Profiles opening one hostile body (default /big-json) in the inspector: repeats the open
// several times and prints the User Timing marks the web app leaves (rehook:*) and the fetch
// timings of the event's requests. `--trace <file>` also writes a Chromium performance trace.
//   npm run build && npx tsx bench/ui-profile.ts [/path] [--runs 5] [--trace /tmp/trace.json]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/load.js';
import { startRehook } from '../src/server.js';
import { HOSTILE_BODIES } from '../test/browser/hostile-bodies.js';
import { ingest, row } from '../test/browser/support.js';
import { launchBrowser, newContext } from '../test/helpers/browser.js';

declare const performance: any;
declare const window: any;
declare const document: any;
declare const MutationObserver: any;
declare const requestAnimationFrame: any;

const BODY_PANE = '.body-view[data-state="ready"] > :not(.body-toolbar):not(.body-find), .body-empty';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const path = args.find((arg, i) => arg.startsWith('/') && !args[i - 1]?.startsWith('--')) ?? '/big-json';
  const runs = Number(args[args.indexOf('--runs') + 1] ?? 5) || 5;
  const tracePath = args.includes('--trace') ? args[args.indexOf('--trace') + 1] : undefined;
  const body = HOSTILE_BODIES.find((b) => b.path === path);
  if (body === undefined) throw new Error(`no hostile body ${path}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-profile-'));
  const rehook = await startRehook(
    loadConfig({ REHOOK_PORT: '0', REHOOK_INGEST_PORT: '0', REHOOK_DATA_DIR: dataDir, REHOOK_LOG_LEVEL: 'silent' }),
  );
  const browser = await launchBrowser();
  try {
    const created = await fetch(`${rehook.apiUrl}/api/v1/inboxes`, { method: 'POST' });
    const { data } = (await created.json()) as { data: { inbox: { id: string } } };
    const inbox = data.inbox.id;
    await ingest(`${rehook.ingestUrl}/i/${inbox}`, { path, headers: { 'content-type': body.type }, body: body.body });
    await ingest(`${rehook.ingestUrl}/i/${inbox}`, { path: '/small', headers: {}, body: 'x' });
    const page = await (await newContext(browser)).newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${rehook.apiUrl}/inboxes/${inbox}`);
    for (let run = 0; run < runs; run += 1) {
      await row(page, '/small').click();
      await page.locator('.inspector-path', { hasText: '/small' }).waitFor();
      await page.locator(BODY_PANE).first().waitFor();
      await page.evaluate(() => {
        performance.clearMarks();
        performance.clearResourceTimings();
      });
      const trace = run === runs - 1 ? tracePath : undefined;
      if (trace !== undefined) await browser.startTracing(page, { path: trace, screenshots: false });
      const zero = await page.evaluate(
        ([selector, wanted]) => {
          const w = window as any;
          w.__seen = null;
          w.__painted = null;
          const observer = new MutationObserver(() => {
            if (w.__seen !== null || document.querySelector(selector) === null) return;
            if (!(document.querySelector('.inspector-path')?.textContent ?? '').includes(wanted)) return;
            w.__seen = performance.now();
            requestAnimationFrame(() => setTimeout(() => (w.__painted = performance.now()), 0));
            observer.disconnect();
          });
          observer.observe(document.body, { childList: true, subtree: true, attributes: true });
          return performance.now();
        },
        [BODY_PANE, path] as const,
      );
      const started = performance.now();
      await row(page, path).click();
      await page.locator('.inspector-path', { hasText: path }).waitFor();
      await page.locator(BODY_PANE).first().waitFor();
      const openMs = Math.round(performance.now() - started);
      if (trace !== undefined) await browser.stopTracing();
      const marks = (await page.evaluate(() =>
        [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('resource')]
          .filter((e: any) => e.entryType === 'mark' || /\/(meta|body)$/.test(e.name))
          .map((e: any) => ({
            name: e.name.replace(/^.*\/api\/v1\/events\/[^/]+/, ''),
            start: e.startTime,
            end: e.startTime + e.duration,
          })),
      )) as { name: string; start: number; end: number }[];
      const line = marks
        .sort((a, b) => a.start - b.start)
        .map((m) => `${m.name} ${Math.round(m.start - zero)}${m.end > m.start ? `-${Math.round(m.end - zero)}` : ''}`)
        .join(' | ');
      const seen = await page.evaluate(() => [(window as any).__seen, (window as any).__painted]);
      const inPage = seen.map((t: number | null) => (t === null ? '-' : Math.round(t - zero))).join('/');
      process.stdout.write(`run ${run + 1}: open ${openMs} ms, in the page ${inPage} ms (in DOM/painted) :: ${line}\n`);
    }
  } finally {
    await browser.close();
    await rehook.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
