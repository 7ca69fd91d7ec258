import {
  type AnalysisRequest,
  analyseBody,
  analysisInput,
  type BodyAnalysis,
  reasonOf,
  unpackAnalysis,
  type WorkerMessage,
} from './analyse.js';

/** Longest a body's analysis may take before its views give up on it (a worker hung on hostile input). */
export const ANALYSIS_TIMEOUT_MS = 20_000;

/**
 * Analyses a body in a Web Worker (the bundled analyse.worker.ts, served from /assets like the app,
 * so `script-src 'self'` covers it). `onFirst` gets the first screen of a big JSON body while
 * the rest is formatted. Resolves with the analysis, or with its kind unknown and the reason on
 * failure, timeout or when the worker cannot start; never rejects. `signal` ends the worker
 * (the view closed or moved to another event).
 */
export function analyseInWorker(
  request: AnalysisRequest,
  signal: AbortSignal,
  onFirst: (analysis: BodyAnalysis) => void = () => {},
): Promise<BodyAnalysis> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./analyse.worker.ts', import.meta.url), { type: 'module', name: 'body-analysis' });
  } catch {
    // No worker (an old or locked-down browser): the same work on this thread.
    return Promise.resolve(analyseHere(request));
  }
  return new Promise((resolve) => {
    const finish = (analysis: BodyAnalysis) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      worker.terminate();
      resolve(analysis);
    };
    const failed = (reason: string): BodyAnalysis => ({
      kind: request.isText ? 'text' : 'binary',
      model: null,
      skipped: reason,
    });
    const stop = () => finish(failed('it was closed'));
    const timer = setTimeout(
      () => finish(failed(`its analysis took longer than ${ANALYSIS_TIMEOUT_MS / 1000} s`)),
      ANALYSIS_TIMEOUT_MS,
    );
    signal.addEventListener('abort', stop);
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if ('first' in message) onFirst(message.first);
      else if ('analysis' in message) finish(unpackAnalysis(message));
      else finish(failed(message.error));
    };
    // A worker that runs out of memory or fails to load ends here.
    worker.onerror = (event) => {
      event.preventDefault();
      finish(failed(`it failed (${event.message || 'the analysis stopped'})`));
    };
    // The bytes are copied (the page keeps its own); the worker decodes them itself, so the
    // page never serialises a 10 MiB string.
    worker.postMessage(request);
  });
}

function analyseHere(request: AnalysisRequest): BodyAnalysis {
  const input = analysisInput(request);
  try {
    return analyseBody(input);
  } catch (err) {
    return { kind: input.text === null ? 'binary' : 'text', model: null, skipped: reasonOf(err) };
  }
}
