// Writes docs/screenshots/signin-sso.png: the sign-in page of a Rehook with single sign-on set up
// against a real OpenID provider (the test one, oidc-provider on loopback), in Debian's headless
// Chromium. Apart from scripts/screenshots.ts, so showing this page needs no whole run.
//
//   npm run screenshots:sso    (builds first; needs the chromium package)
import { newContext } from '../test/helpers/browser.js';
import { ssoEnv, startTestOpenIdProvider } from '../test/helpers/openid-provider.js';
import { screenshot, startScreenshotRig } from './screenshot-rig.js';

const provider = await startTestOpenIdProvider();
const rig = await startScreenshotRig(ssoEnv(provider, { REHOOK_OIDC_NAME: 'Acme SSO' }));
try {
  const context = await newContext(rig.browser, { colorScheme: 'light', viewport: { width: 1280, height: 640 } });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  await page.goto(`${rig.rehook.apiUrl}/signin`);
  await page.getByRole('link', { name: 'Sign in with Acme SSO' }).waitFor();
  await screenshot(page, 'signin-sso.png');
  await context.close();
} finally {
  await rig.close();
  await provider.stop();
}
