import type { Locator, Page } from 'playwright-core';

// Helpers of the polish browser tests (polish-bulk.test.ts): layout measures and a clock that
// moves between any two reads, so code that reads it twice in one render shows it.

// Functions passed to page.evaluate run in the browser; this file is type-checked without the DOM library.
declare const window: any;

/** The width of a table's column head as a share of the table's width (0 to 1). */
export async function columnShare(table: Locator, header: string): Promise<number> {
  return table.evaluate((element: any, label: string) => {
    const heads: any[] = Array.from(element.querySelectorAll('thead th'));
    const head = heads.find((th) => th.textContent.trim() === label);
    if (head === undefined) throw new Error(`no column ${label}`);
    return head.getBoundingClientRect().width / element.getBoundingClientRect().width;
  }, header);
}

/**
 * From now on, each Date.now() in the page is one more hour ahead of the real time (cycling
 * through 1 to 20 hours): two relative times computed from two reads can never agree, two
 * computed from one read always do (for requests captured within a second of each other).
 */
export async function makeEveryClockReadAnHourLater(page: Page): Promise<void> {
  await page.evaluate(() => {
    const real = window.Date.now.bind(window.Date);
    let reads = 0;
    window.Date.now = () => {
      reads += 1;
      return real() + ((reads % 20) + 1) * 3_600_000;
    };
  });
}
