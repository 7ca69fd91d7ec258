import type { BrowserContext, Page } from 'playwright-core';

/**
 * Every error a context's pages log to the browser console (a failed request's own line
 * included: Chromium logs each non-2xx fetch as "Failed to load resource") and every uncaught
 * exception, as `<page url>: <text>`. A journey without a failing action must end with none.
 */
export function collectConsoleErrors(context: BrowserContext): string[] {
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      errors.push(`${page.url()}: ${message.text()}${where ? ` (${where})` : ''}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: uncaught ${error.message}`));
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  return errors;
}
