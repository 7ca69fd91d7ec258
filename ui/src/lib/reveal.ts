/**
 * Brings `element` into view inside its own pane (its nearest scrolling ancestor) and nowhere
 * else. `scrollIntoView` scrolls every ancestor that can be scrolled, the document included, even
 * one laid out to fit the window: the whole page then slid up under the top bar, leaving a blank
 * band below. Here the pane moves, only when the element's top is out of its view.
 */
export function revealInPane(element: HTMLElement): void {
  let pane = element.parentElement;
  while (pane !== null && pane !== document.body && pane !== document.documentElement) {
    const { overflowY } = getComputedStyle(pane);
    if ((overflowY === 'auto' || overflowY === 'scroll') && pane.scrollHeight > pane.clientHeight) break;
    pane = pane.parentElement;
  }
  // No pane of its own (the phone's layout, where the document scrolls): leave the page be.
  if (pane === null || pane === document.body || pane === document.documentElement) return;
  const top = element.getBoundingClientRect().top - pane.getBoundingClientRect().top;
  // In view already, with room for a line of it: nothing moves.
  if (top >= 0 && top <= pane.clientHeight - 48) return;
  pane.scrollTop += top - 8;
}
