import type { AnalysisRequest, BodyAnalysis } from './analyse.js';
import { analyseInWorker } from './worker-client.js';
import { mark } from '../marks.js';

/**
 * The analyses of the bodies the page has shown, per body (the bytes of a loaded event), and the
 * one under way. A view that goes away (the Raw tab) and comes back finds its body's analysis
 * done, or still running, never started afresh. One analysis runs at a time: starting another
 * body's ends the one under way, so clicking through events never leaves workers behind.
 */

interface Entry {
  first: BodyAnalysis | null;
  done: BodyAnalysis | null;
  readonly listeners: Set<(analysis: BodyAnalysis) => void>;
  readonly stop: AbortController;
}

const entries = new WeakMap<Uint8Array, Entry>();
let running: { readonly bytes: Uint8Array; readonly entry: Entry } | null = null;

/** What is known of the body's analysis now: the whole of it, its first screen, or nothing. */
export function knownAnalysis(bytes: Uint8Array): BodyAnalysis | null {
  const entry = entries.get(bytes);
  return entry?.done ?? entry?.first ?? null;
}

/**
 * Calls `onChange` with the body's analysis as it comes (a big JSON body's first screen, then
 * the whole), starting it when none is known. Returns the function that stops the calls (the
 * analysis goes on, for the view's return).
 */
export function watchAnalysis(request: AnalysisRequest, onChange: (analysis: BodyAnalysis) => void): () => void {
  const { bytes } = request;
  const entry = entries.get(bytes) ?? start(request);
  if (entry.done !== null) return () => {};
  entry.listeners.add(onChange);
  return () => entry.listeners.delete(onChange);
}

function start(request: AnalysisRequest): Entry {
  const { bytes } = request;
  if (running !== null) {
    running.entry.stop.abort();
    entries.delete(running.bytes);
  }
  const entry: Entry = { first: null, done: null, listeners: new Set(), stop: new AbortController() };
  entries.set(bytes, entry);
  running = { bytes, entry };
  const tell = (analysis: BodyAnalysis) => {
    for (const listener of entry.listeners) listener(analysis);
  };
  mark('analysis-start');
  const onFirst = (first: BodyAnalysis) => {
    mark('analysis-first');
    entry.first = first;
    tell(first);
  };
  analyseInWorker(request, entry.stop.signal, onFirst).then((done) => {
    if (entry.stop.signal.aborted) return;
    mark('analysis-done');
    if (running?.entry === entry) running = null;
    entry.done = done;
    tell(done);
    entry.listeners.clear();
  });
  return entry;
}
