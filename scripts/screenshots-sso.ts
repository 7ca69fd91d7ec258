// Writes docs/screenshots/signin-sso.png: the sign-in page of a Rehook with single sign-on set up
// against a real OpenID provider (the test one, oidc-provider on loopback), in Debian's headless
// Chromium. Apart from scripts/screenshots.ts, so showing this page needs no whole run.
//
//   npm run screenshots:sso    (builds first; needs the chromium package)
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/load.js';
import { startRehook } from '../src/server.js';
import { launchBrowser, newContext } from '../test/helpers/browser.js';
import { ssoEnv, startTestOpenIdProvider } from '../test/helpers/openid-provider.js';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
mkdirSync(OUT, { recursive: true });

const provider = await startTestOpenIdProvider();
const dataDir = await mkdtemp(join(tmpdir(), 'rehook-screenshots-'));
const rehook = await startRehook(
  loadConfig({
    REHOOK_PORT: '0',
    REHOOK_INGEST_PORT: '0',
    REHOOK_DATA_DIR: dataDir,
    REHOOK_LOG_LEVEL: 'silent',
    ...ssoEnv(provider, { REHOOK_OIDC_NAME: 'Acme SSO' }),
  }),
);
const browser = await launchBrowser();
try {
  const context = await newContext(browser, { colorScheme: 'light', viewport: { width: 1280, height: 640 } });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  await page.goto(`${rehook.apiUrl}/signin`);
  await page.getByRole('link', { name: 'Sign in with Acme SSO' }).waitFor();
  await page.screenshot({ path: join(OUT, 'signin-sso.png') });
  console.log('wrote docs/screenshots/signin-sso.png');
  await context.close();
} finally {
  await browser.close();
  await rehook.close();
  await provider.stop();
  await rm(dataDir, { recursive: true, force: true });
}
