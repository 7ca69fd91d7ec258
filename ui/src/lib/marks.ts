/**
 * User Timing marks for the stages of showing an event (fetched, decoded, analysed, shown), read
 * by the web app bench (bench/ui-profile.ts) to say where opening a big body spends its time.
 * A mark costs microseconds and holds no captured data.
 */
export function mark(stage: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(`rehook:${stage}`);
}
