// The inspector against hostile bodies (test/browser/hostile-bodies.ts): per event, the time
// from the click on its row to its body shown, and the slowest switch between its body views
// and the Request and Raw tabs. Budgets: open under 1 s, each switch under 300 ms.
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { HOSTILE_BODIES } from '../test/browser/hostile-bodies.js';
import { ingest, row } from '../test/browser/support.js';

export const OPEN_BUDGET_MS = 1_000;
export const SWITCH_BUDGET_MS = 300;

export interface HostileTiming {
  readonly path: string;
  /** Click on the list row to the body pane showing something (ms). */
  readonly openMs: number;
  /** The slowest switch, and which it was. */
  readonly slowestSwitchMs: number;
  readonly slowestSwitch: string;
  /** The machine's 1-minute load average when the event was opened (a figure on a busy machine says little). */
  readonly load1: number;
}

// The body view once its worker has answered: the pane below its toolbar and find box.
const BODY_PANE = '.body-view[data-state="ready"] > :not(.body-toolbar):not(.body-find), .body-empty';

async function timed(action: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await action();
  return Math.round(performance.now() - started);
}

/** Every switch of one open event: each body view in turn, then Raw and back to Request. */
async function switchTimes(page: Page): Promise<[string, number][]> {
  const times: [string, number][] = [];
  const views = await page.locator('.body-view fieldset.segmented .segment').allTextContents();
  for (const view of views) {
    const exact = new RegExp(`^${view}$`);
    const ms = await timed(async () => {
      await page.locator('.body-view .segment', { hasText: exact }).click();
      await page.locator('.body-view .segment[aria-pressed="true"]', { hasText: exact }).waitFor();
      await page.locator(BODY_PANE).first().waitFor();
    });
    times.push([`view ${view}`, ms]);
  }
  times.push([
    'tab Raw',
    await timed(async () => {
      await page.getByRole('tab', { name: 'Raw', exact: true }).click();
      await page.getByTestId('raw-request').waitFor();
    }),
  ]);
  times.push([
    'tab Request',
    await timed(async () => {
      await page.getByRole('tab', { name: 'Request', exact: true }).click();
      await page.locator(BODY_PANE).first().waitFor();
    }),
  ]);
  return times;
}

/**
 * Sends every hostile body to `ingestUrl` (an inbox the page at `inboxPageUrl` shows), then
 * opens each event and switches through its views.
 */
export async function measureHostileBodies(
  page: Page,
  ingestUrl: string,
  inboxPageUrl: string,
): Promise<HostileTiming[]> {
  for (const { path, type, body } of HOSTILE_BODIES)
    await ingest(ingestUrl, { path, headers: { 'content-type': type }, body });
  await page.goto(inboxPageUrl);
  const timings: HostileTiming[] = [];
  for (const { path } of HOSTILE_BODIES) {
    await row(page, path).waitFor();
    const load1 = Math.round((loadavg()[0] ?? 0) * 10) / 10;
    const openMs = await timed(async () => {
      await row(page, path).click();
      await page.locator('.inspector-path', { hasText: path }).waitFor();
      await page.locator(BODY_PANE).first().waitFor();
    });
    const [slowestSwitch, slowestSwitchMs] = (await switchTimes(page)).reduce((a, b) => (b[1] > a[1] ? b : a));
    timings.push({ path, openMs, slowestSwitch, slowestSwitchMs, load1 });
  }
  return timings;
}

export function formatHostileTimings(timings: readonly HostileTiming[]): string[] {
  const verdict = (ms: number, budget: number) => (ms < budget ? 'met' : 'MISSED');
  return [
    `  hostile bodies (budget: open < ${OPEN_BUDGET_MS} ms, switch < ${SWITCH_BUDGET_MS} ms):`,
    ...timings.map(
      (t) =>
        `    ${t.path.padEnd(16)} open ${t.openMs} ms (${verdict(t.openMs, OPEN_BUDGET_MS)}); ` +
        `slowest switch ${t.slowestSwitchMs} ms, ${t.slowestSwitch} (${verdict(t.slowestSwitchMs, SWITCH_BUDGET_MS)}); ` +
        `load ${t.load1}`,
    ),
  ];
}

/**
 * The hostile-body figures alone (`npm run build && npx tsx bench/ui-hostile.ts`): a Rehook in
 * this process on a fresh SQLite directory with the default ingest limit, an anonymous inbox,
 * Debian's headless Chromium. Prints the table and writes bench/results/ui-hostile.json.
 */
async function main(): Promise<void> {
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { loadConfig } = await import('../src/config/load.js');
  const { startRehook } = await import('../src/server.js');
  const { launchBrowser, newContext } = await import('../test/helpers/browser.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-bench-hostile-'));
  const rehook = await startRehook(
    loadConfig({
      REHOOK_PORT: '0',
      REHOOK_INGEST_PORT: '0',
      REHOOK_DATA_DIR: dataDir,
      REHOOK_LOG_LEVEL: 'silent',
    }),
  );
  const browser = await launchBrowser();
  try {
    const created = await fetch(`${rehook.apiUrl}/api/v1/inboxes`, { method: 'POST' });
    const { data } = (await created.json()) as { data: { inbox: { id: string } } };
    const page = await (await newContext(browser)).newPage();
    page.setDefaultTimeout(60_000);
    const timings = await measureHostileBodies(
      page,
      `${rehook.ingestUrl}/i/${data.inbox.id}`,
      `${rehook.apiUrl}/inboxes/${data.inbox.id}`,
    );
    process.stdout.write(`${formatHostileTimings(timings).join('\n')}\n`);
    const results = new URL('results/ui-hostile.json', import.meta.url);
    writeFileSync(results, `${JSON.stringify({ at: new Date().toISOString(), timings }, null, 2)}\n`);
  } finally {
    await browser.close();
    await rehook.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    process.stderr.write(
      `[bench:ui-hostile] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exitCode = 1;
  });
}
