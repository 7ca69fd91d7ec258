import type { BodyAnalysis } from './body-analysis.js';

/**
 * The messages between the page and the body worker. A 10 MiB JSON body pretty-prints to some
 * 16 million characters; structured-cloning that string copies it on both threads, so the worker
 * sends it as UTF-8 bytes in a transferred ArrayBuffer (moved, not copied) and the page decodes
 * it with the browser's native decoder.
 */
export type WorkerMessage =
  /** The first screen of a big body, before the whole is checked (firstAnalysis). */
  | { readonly first: BodyAnalysis }
  /** The whole analysis; a JSON model's text travels in `pretty`. */
  | { readonly analysis: BodyAnalysis; readonly pretty?: Uint8Array }
  | { readonly error: string };

/** The final message for `analysis`, and the buffers to transfer with it. */
export function packAnalysis(analysis: BodyAnalysis): { message: WorkerMessage; transfer: ArrayBuffer[] } {
  const { model } = analysis;
  if (model?.kind !== 'json') return { message: { analysis }, transfer: [] };
  const pretty = new TextEncoder().encode(model.pretty);
  return {
    message: { analysis: { ...analysis, model: { ...model, pretty: '' } }, pretty },
    transfer: [pretty.buffer as ArrayBuffer],
  };
}

/** The analysis a final message carries, its JSON text restored. */
export function unpackAnalysis(message: { analysis: BodyAnalysis; pretty?: Uint8Array }): BodyAnalysis {
  const { analysis, pretty } = message;
  if (pretty === undefined || analysis.model?.kind !== 'json') return analysis;
  return { ...analysis, model: { ...analysis.model, pretty: new TextDecoder().decode(pretty) } };
}
