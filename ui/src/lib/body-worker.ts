import { type AnalysisInput, analyseBody, type BodyAnalysis, reasonOf } from './body-analysis.js';

/** Longest a body's analysis may take before its views give up on it (a worker hung on hostile input). */
export const ANALYSIS_TIMEOUT_MS = 20_000;

/**
 * Analyses a body in a Web Worker (the bundled body.worker.ts, served from /assets like the app,
 * so `script-src 'self'` covers it). Resolves with the analysis, or with its kind unknown and the
 * reason on failure, timeout or when the worker cannot start; never rejects. `signal` ends the
 * worker (the view closed or moved to another event).
 */
export function analyseInWorker(input: AnalysisInput, signal: AbortSignal): Promise<BodyAnalysis> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./body.worker.ts', import.meta.url), { type: 'module', name: 'body-analysis' });
  } catch {
    // No worker (an old or locked-down browser): the same work on this thread.
    return Promise.resolve(analyseHere(input));
  }
  return new Promise((resolve) => {
    const finish = (analysis: BodyAnalysis) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      worker.terminate();
      resolve(analysis);
    };
    const failed = (reason: string): BodyAnalysis => ({
      kind: input.text === null ? 'binary' : 'text',
      model: null,
      skipped: reason,
    });
    const stop = () => finish(failed('it was closed'));
    const timer = setTimeout(
      () => finish(failed(`its analysis took longer than ${ANALYSIS_TIMEOUT_MS / 1000} s`)),
      ANALYSIS_TIMEOUT_MS,
    );
    signal.addEventListener('abort', stop);
    worker.onmessage = (event: MessageEvent<{ analysis?: BodyAnalysis; error?: string }>) => {
      finish(event.data.analysis ?? failed(event.data.error ?? 'it failed (no answer)'));
    };
    // A worker that runs out of memory or fails to load ends here.
    worker.onerror = (event) => {
      event.preventDefault();
      finish(failed(`it failed (${event.message || 'the analysis stopped'})`));
    };
    worker.postMessage(input);
  });
}

function analyseHere(input: AnalysisInput): BodyAnalysis {
  try {
    return analyseBody(input);
  } catch (err) {
    return { kind: input.text === null ? 'binary' : 'text', model: null, skipped: reasonOf(err) };
  }
}
