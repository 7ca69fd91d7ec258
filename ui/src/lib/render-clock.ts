/**
 * One "now" per render: every relative time drawn in one pass ("just now", "5s ago") is
 * measured against the same instant, so two requests a fraction of a second apart never read
 * as if one clock had moved between them. The instant is taken at the first read and kept
 * until the current task's microtasks have run (a Preact render pass runs in one of them).
 */
let cached: number | null = null;

export function renderNow(): number {
  if (cached === null) {
    cached = Date.now();
    queueMicrotask(() => {
      cached = null;
    });
  }
  return cached;
}
