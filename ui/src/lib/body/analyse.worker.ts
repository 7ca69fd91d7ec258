// The body analysis off the page's thread: one message in (AnalysisRequest), then for a big
// JSON body its first screen ({ first }), then the whole analysis ({ analysis }) or { error }.
// A fresh worker per body, terminated when the view goes away, so a body that keeps it busy
// never holds up the next one.
import {
  type AnalysisRequest,
  analyseForTransfer,
  analysisInput,
  firstAnalysis,
  reasonOf,
  type WorkerMessage,
} from './analyse.js';

/** Characters of pretty JSON in the first message: more than a screen, quick to highlight. */
const FIRST_CHARS = 8 * 1024;

interface WorkerScope {
  onmessage: ((event: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage(message: WorkerMessage, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    const input = analysisInput(event.data);
    const first = firstAnalysis(input, FIRST_CHARS);
    if (first !== null) scope.postMessage({ first });
    const message = analyseForTransfer(input);
    // The pretty JSON's buffer is moved to the page, not copied.
    scope.postMessage(message, message.pretty === undefined ? [] : [message.pretty.buffer]);
  } catch (err) {
    scope.postMessage({ error: reasonOf(err) });
  }
};
