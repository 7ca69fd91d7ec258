import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { BrowserRig } from './support.js';

// Functions passed to page.evaluate run in the browser; this file is type-checked without the DOM library.
declare const window: any;
declare const document: any;

/**
 * Layout checks for the phone tests (polish-phone.test.ts): measured in the page with the
 * browser's own geometry (Range.getClientRects, bounding boxes), so they hold for any font the
 * machine has and need no screenshots to compare.
 */

/** An iPhone 12-15 sized viewport. */
export const PHONE = { width: 390, height: 844 } as const;

export type Scheme = 'light' | 'dark';

/** A phone-sized context in `scheme`, signed in as the account of `signedIn` when given. */
export async function phoneContext(
  rig: BrowserRig,
  scheme: Scheme,
  signedIn?: BrowserContext,
): Promise<BrowserContext> {
  const context = await rig.context({ colorScheme: scheme, viewport: PHONE });
  if (signedIn) await context.addCookies(await signedIn.cookies());
  return context;
}

/** The page is no wider than its viewport: nothing to scroll sideways to. */
export async function assertNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(
    size.scrollWidth <= size.innerWidth,
    `${what}: the page is ${size.scrollWidth} px wide in a ${size.innerWidth} px viewport`,
  );
}

/**
 * The words (runs of letters, digits and `_`) of the text under `root` that the layout broke
 * across two lines, as `word@line-tops`. Words longer than `longest` characters are left out: one
 * that cannot fit on a line of its own may break anywhere.
 */
export async function brokenWords(root: Locator, longest = 20): Promise<string[]> {
  return root.evaluate((element: any, max: number) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text: string = node.textContent ?? '';
      for (const match of text.matchAll(/[A-Za-z0-9_]+/g)) {
        if (match[0].length > max || match.index === undefined) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(
          [...range.getClientRects()].filter((r: any) => r.width > 0).map((r: any) => Math.round(r.top)),
        );
        if (tops.size > 1) broken.push(`${match[0]}@${[...tops].join(',')}`);
      }
    }
    return broken;
  }, longest);
}

export interface Box {
  readonly what: string;
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * The box the content of each element drawn takes (its text, even where it spills out),
 * skipping elements inside a box clipped to nothing (text kept for screen readers only).
 */
export async function contentBoxes(elements: Locator): Promise<Box[]> {
  return elements.evaluateAll((list: any[]) =>
    list
      .filter((element) => {
        for (let at = element; at !== null; at = at.parentElement) {
          const rect = at.getBoundingClientRect();
          if (rect.width <= 1 || rect.height <= 1) return false;
        }
        return true;
      })
      .map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const rect = range.getBoundingClientRect();
        return {
          what: (element.textContent ?? '').trim().slice(0, 40),
          left: rect.left,
          top: rect.top,
          right: rect.right,
          bottom: rect.bottom,
        };
      })
      .filter((box) => box.right - box.left > 1 && box.bottom - box.top > 1),
  );
}

/** No two boxes share any area: nothing is drawn over anything else. */
export function assertNoOverlap(boxes: readonly Box[], what: string): void {
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap =
        a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      assert.ok(!overlap, `${what}: "${a.what}" and "${b.what}" are drawn over each other`);
    }
  }
}

/** The element lies inside the viewport horizontally: reachable without scrolling sideways. */
export async function assertInViewWidth(element: Locator, what: string): Promise<void> {
  const box = await element.boundingBox();
  assert.ok(box, `${what} is not shown`);
  const width = await element.page().evaluate(() => window.innerWidth as number);
  assert.ok(box.x >= 0 && box.x + box.width <= width, `${what} spans ${box.x}..${box.x + box.width} of ${width} px`);
}
