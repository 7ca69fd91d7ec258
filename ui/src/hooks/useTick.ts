import { useEffect, useState } from 'preact/hooks';

const tickListeners = new Set<() => void>();
setInterval(() => {
  for (const listener of tickListeners) listener();
}, 10_000);

/** Re-renders the component every 10 s (relative times, countdowns). */
export function useTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((n) => n + 1);
    tickListeners.add(listener);
    return () => {
      tickListeners.delete(listener);
    };
  }, []);
}
