import {
  BodyLimitError,
  bodyKind,
  FORMAT_LIMITS,
  formPairs,
  multipartParts,
  prettyJsonPrefix,
  type BodyKind,
  type FormatLimits,
  type Token,
  xmlLines,
} from './parse.js';
import { decodeBody, type TextEncodingName } from './decode.js';
import { prettyJsonUtf8 } from './pretty-json-bytes.js';

/**
 * The slow half of showing a body (pure, no DOM): choosing its kind (JSON.parse of up to 10 MiB)
 * and building the data its main view renders (pretty JSON, XML lines, form pairs, multipart
 * parts). It runs in a worker (analyse.worker.ts), so the page stays responsive whatever the body.
 */

/** What the page sends the worker: the bytes (copied, never its text: the worker decodes). */
export interface AnalysisRequest {
  readonly contentType: string | null;
  readonly bytes: Uint8Array;
  /** The page reads the body as text: the kind to fall back on if the analysis fails. */
  readonly isText: boolean;
}

export interface AnalysisInput {
  readonly contentType: string | null;
  readonly size: number;
  /** The body as text in its charset (decodeBody), or null when it is not text. */
  readonly text: string | null;
  /** The exact bytes (for multipart). */
  readonly bytes: Uint8Array;
  /** The charset `text` was read in; UTF-8 when left out. */
  readonly encoding?: TextEncodingName;
}

export function analysisInput(request: AnalysisRequest): AnalysisInput {
  const { bytes, contentType } = request;
  const { text, encoding } = decodeBody(bytes, contentType);
  return { contentType, bytes, size: bytes.length, text, encoding };
}

/** Where a multipart part lies in the body (bytes are sliced on the main thread, never copied). */
export interface PartRange {
  readonly headers: [string, string][];
  readonly name: string | null;
  readonly filename: string | null;
  readonly contentType: string | null;
  readonly start: number;
  readonly end: number;
}

export type PrettyModel =
  /** `complete` is false while `pretty` holds only the first part (the rest is being formatted). */
  | { readonly kind: 'json'; readonly pretty: string; readonly complete: boolean }
  | { readonly kind: 'xml'; readonly lines: Token[][] }
  | { readonly kind: 'form'; readonly pairs: [string, string][] }
  | { readonly kind: 'multipart'; readonly parts: PartRange[] | null }
  | { readonly kind: 'plain' };

export interface BodyAnalysis {
  readonly kind: BodyKind;
  /** What the kind's own view renders, or null when it was skipped. */
  readonly model: PrettyModel | null;
  /** Why the kind's own view was skipped (a limit, an error), or null. */
  readonly skipped: string | null;
}

/**
 * Limits of the worker's formatting. Pretty JSON is tokenised a part at a time on the page, so
 * its text may be as long as the formatted form of a body at the ingest limit; the other views
 * keep the page's limits (their data is built whole).
 */
export const ANALYSIS_LIMITS: FormatLimits = { ...FORMAT_LIMITS, maxChars: 64 * 1024 * 1024 };

/**
 * The whole analysis as the worker sends it: a JSON model's text travels as UTF-8 bytes in
 * `pretty` (its `pretty` string left empty), made by prettyJsonUtf8 straight from the body's
 * bytes. 16 million characters are then neither joined from pieces nor structured-cloned: the
 * buffer is transferred (moved, not copied) and the page decodes it with the native decoder.
 */
export type WorkerMessage =
  /** The first screen of a big body, before the whole is checked (firstAnalysis). */
  | { readonly first: BodyAnalysis }
  | { readonly analysis: BodyAnalysis; readonly pretty?: Uint8Array }
  | { readonly error: string };

export function analyseForTransfer(
  input: AnalysisInput,
  limits: FormatLimits = ANALYSIS_LIMITS,
): { analysis: BodyAnalysis; pretty?: Uint8Array } {
  const kind = bodyKind(input.contentType, input.text, input.size);
  try {
    if (kind === 'json') {
      const utf8 = input.encoding === undefined || input.encoding === 'utf-8';
      const pretty = prettyJsonUtf8(utf8 ? input.bytes : new TextEncoder().encode(input.text ?? ''), limits);
      return { analysis: { kind, model: { kind, pretty: '', complete: true }, skipped: null }, pretty };
    }
    return { analysis: { kind, model: modelOf(kind, input, limits), skipped: null } };
  } catch (err) {
    return { analysis: { kind, model: null, skipped: reasonOf(err) } };
  }
}

/** The analysis a final message carries, its JSON text restored. */
export function unpackAnalysis(message: { analysis: BodyAnalysis; pretty?: Uint8Array }): BodyAnalysis {
  const { analysis, pretty } = message;
  if (pretty === undefined || analysis.model?.kind !== 'json') return analysis;
  return { ...analysis, model: { ...analysis.model, pretty: new TextDecoder().decode(pretty) } };
}

/** The whole analysis on this thread (no worker, and the tests). */
export function analyseBody(input: AnalysisInput, limits: FormatLimits = ANALYSIS_LIMITS): BodyAnalysis {
  return unpackAnalysis(analyseForTransfer(input, limits));
}

function modelOf(kind: BodyKind, input: AnalysisInput, limits: FormatLimits): PrettyModel {
  const text = input.text ?? '';
  if (kind === 'xml') return { kind, lines: xmlLines(text, { ...limits, maxChars: FORMAT_LIMITS.maxChars }) };
  if (kind === 'form') return { kind, pairs: formPairs(text) };
  if (kind === 'multipart') {
    const parts = multipartParts(input.bytes, input.contentType);
    const base = input.bytes.byteOffset;
    return {
      kind,
      parts:
        parts?.map((part) => ({
          headers: part.headers,
          name: part.name,
          filename: part.filename,
          contentType: part.contentType,
          start: part.bytes.byteOffset - base,
          end: part.bytes.byteOffset - base + part.bytes.length,
        })) ?? null,
    };
  }
  return { kind: 'plain' };
}

/** Bodies from this size are shown a first part before the whole is checked and formatted. */
export const FIRST_PART_MIN_BYTES = 512 * 1024;

/**
 * A first look at a big body that looks like JSON: its kind taken on trust and the first
 * `chars` characters pretty-printed, in milliseconds, so the page shows the body's first screen
 * while the worker parses and formats the rest. Null when the body is small, does not look like
 * JSON, or the first part fails (the full analysis then says why). When the full analysis finds
 * the body is not JSON after all, it replaces this one (the view turns to Text).
 */
export function firstAnalysis(input: AnalysisInput, chars: number): BodyAnalysis | null {
  const { text, contentType } = input;
  if (text === null || input.size < FIRST_PART_MIN_BYTES) return null;
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return null;
  const type = (contentType ?? '').toLowerCase();
  // The content types bodyKind reads before trying JSON (a form or XML body starting with "[").
  const jsonType = /[/+]json\b/.test(type);
  if (!jsonType && (type.includes('x-www-form-urlencoded') || /[/+]xml\b/.test(type))) return null;
  if (type.startsWith('multipart/')) return null;
  try {
    const part = prettyJsonPrefix(text, chars, ANALYSIS_LIMITS);
    if (part.complete) return null;
    return { kind: 'json', model: { kind: 'json', pretty: part.text, complete: false }, skipped: null };
  } catch {
    return null;
  }
}

/** The reason a view shows instead of its body. Engine messages (RangeError) never hold captured bytes. */
export function reasonOf(error: unknown): string {
  if (error instanceof BodyLimitError) return `it is ${error.message}`;
  if (error instanceof Error && error.name === 'BodyLimitError') return `it is ${error.message}`;
  return `it failed (${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'})`;
}
