// What the single-page screenshot scripts share: a Rehook on free loopback ports with a temporary
// SQLite directory, Debian's headless Chromium, a light page of a given size, and the folder the
// pictures go to (docs/screenshots/).
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../src/config/load.js';
import { type RunningRehook, startRehook } from '../src/server.js';
import { launchBrowser, newContext } from '../test/helpers/browser.js';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

export interface ScreenshotRig {
  readonly rehook: RunningRehook;
  readonly browser: Browser;
  /** A new light page of this size (its own context), with a 30 s default timeout. */
  page(viewport: { width: number; height: number }): Promise<Page>;
  /** Screenshots the page into docs/screenshots/<name>.png and says so. */
  shoot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts Rehook with `env` (REHOOK_* settings on top of free ports and a temporary data directory) and Chromium. */
export async function startScreenshotRig(env: Record<string, string> = {}): Promise<ScreenshotRig> {
  mkdirSync(OUT, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'rehook-screenshot-'));
  const rehook = await startRehook(
    loadConfig({
      REHOOK_PORT: '0',
      REHOOK_INGEST_PORT: '0',
      REHOOK_DATA_DIR: dataDir,
      REHOOK_LOG_LEVEL: 'silent',
      ...env,
    }),
  );
  const browser = await launchBrowser();
  return {
    rehook,
    browser,
    page: async (viewport) => {
      const context = await newContext(browser, { colorScheme: 'light', viewport });
      context.setDefaultTimeout(30_000);
      return context.newPage();
    },
    shoot: async (page, name) => {
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.screenshot({ path: join(OUT, `${name}.png`) });
      console.log(`wrote docs/screenshots/${name}.png`);
    },
    close: async () => {
      await browser.close();
      await rehook.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
