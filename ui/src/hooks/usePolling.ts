import { useEffect } from 'preact/hooks';

/**
 * Loads something now and again every `everyMs` for as long as `take` (which gets each answer)
 * says it is unfinished. Stops when the component goes or `deps` change; an answer that arrives
 * after that is dropped.
 */
export function usePolling<T>(
  load: () => Promise<T>,
  options: { everyMs: number; take: (value: T) => boolean; onError: (err: unknown) => void },
  deps: readonly unknown[],
): void {
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const value = await load();
        if (!live) return;
        if (options.take(value)) timer = setTimeout(() => void poll(), options.everyMs);
      } catch (err) {
        if (live) options.onError(err);
      }
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, deps);
}
