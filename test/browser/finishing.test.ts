import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newPage, rig, useFeatureRig } from './features-support.js';
import { assertAccessible, createInboxFromHome, ingest, row } from './support.js';

// Smaller defects a new user met, each as a person sees it in Chromium: the template editor's
// messages, the event types page's breadcrumb and highlighted type, and "Compare with previous".

useFeatureRig();

describe('the template editor', () => {
  test('a fixed template drops the old failure, and a tag left open is quoted as typed', async () => {
    const { page, context } = await newPage();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    await ingest(url, { path: '/t', body: '{"data":{"object":{"id":"in_1"}}}' });
    await row(page, '/t').waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByTestId('response-settings');
    const body = section.getByLabel('Body').first();
    await section.getByText(/^Template: rendered per request/).click();

    // A tag left open: the save is refused, and the message shows the tag as typed.
    await body.fill('{{ body.data.object.id"}');
    await page.getByRole('button', { name: 'Save response' }).click();
    const refusal = section.locator('.error, [role="alert"]').filter({ hasText: 'not closed' });
    await refusal.waitFor();
    const text = (await refusal.textContent()) ?? '';
    assert.match(text, /`\{\{ body\.data\.object\.id"\}` not closed/);
    assert.doesNotMatch(text, /\\"/, 'no escaped quote');

    // An unknown filter fails in the preview; fixed and saved, the failure is gone.
    await body.fill('{{ method | shout }}');
    await section.getByRole('button', { name: 'Preview' }).click();
    await section.getByText(/shout/).first().waitFor();
    await body.fill('{{ method | upcase }}');
    await page.getByRole('button', { name: 'Save response' }).click();
    await section.getByText('Saved: the inbox answers this from now on.').waitFor();
    assert.equal(await section.getByText(/shout/).count(), 0, 'the old failure is still shown');
    await assertAccessible(page, 'response settings after a fix');
    await context.close();
  });
});
