// What every screenshot script starts with: a Rehook started here (temporary SQLite data
// directory, free loopback ports, no log), a local receiver for the requests it sends, and
// Debian's headless Chromium (playwright-core); and how a picture is written to docs/screenshots/.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../src/config/load.js';
import { type RunningRehook, startRehook } from '../src/server.js';
import { launchBrowser } from '../test/helpers/browser.js';
import { type Receiver, type ReceiverHandler, startReceiver } from '../test/helpers/receiver.js';

export const SCREENSHOTS_DIR = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

export interface ScreenshotRig {
  readonly rehook: RunningRehook;
  readonly receiver: Receiver;
  readonly browser: Browser;
  /** Stops all three and removes the data directory. */
  close(): Promise<void>;
}

/** Starts the rig; `env` adds settings to the server's, `answer` is the receiver's (default 200). */
export async function startScreenshotRig(
  env: Record<string, string> = {},
  answer?: ReceiverHandler,
): Promise<ScreenshotRig> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'rehook-screenshots-'));
  const rehook = await startRehook(
    loadConfig({
      REHOOK_PORT: '0',
      REHOOK_INGEST_PORT: '0',
      REHOOK_DATA_DIR: dataDir,
      REHOOK_LOG_LEVEL: 'silent',
      ...env,
    }),
  );
  const receiver = await startReceiver(answer);
  const browser = await launchBrowser();
  return {
    rehook,
    receiver,
    browser,
    close: async () => {
      await browser.close();
      await receiver.close();
      await rehook.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes docs/screenshots/<file> once the page's requests have settled. */
export async function screenshot(page: Page, file: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(SCREENSHOTS_DIR, file) });
  console.log(`wrote docs/screenshots/${file}`);
}
