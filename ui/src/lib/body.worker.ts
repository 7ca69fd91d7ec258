// The body analysis off the page's thread: one message in (AnalysisInput), one message out
// ({ analysis } or { error }). A fresh worker per body, terminated when the view goes away, so a
// body that keeps it busy never holds up the next one.
import { type AnalysisInput, analyseBody, reasonOf } from './body-analysis.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<AnalysisInput>) => void) | null;
  postMessage(message: unknown): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    scope.postMessage({ analysis: analyseBody(event.data) });
  } catch (err) {
    scope.postMessage({ error: reasonOf(err) });
  }
};
