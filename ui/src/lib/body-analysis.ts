import {
  BodyLimitError,
  bodyKind,
  FORMAT_LIMITS,
  formPairs,
  multipartParts,
  prettyJsonText,
  type BodyKind,
  type FormatLimits,
  type Token,
  xmlLines,
} from './body.js';

/**
 * The slow half of showing a body (pure, no DOM): choosing its kind (JSON.parse of up to 10 MiB)
 * and building the data its main view renders (pretty JSON, XML lines, form pairs, multipart
 * parts). It runs in a worker (body.worker.ts), so the page stays responsive whatever the body.
 */

export interface AnalysisInput {
  readonly contentType: string | null;
  readonly size: number;
  /** The body as UTF-8 text, or null when it is not valid UTF-8. */
  readonly text: string | null;
  /** The exact bytes (for multipart). */
  readonly bytes: Uint8Array;
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
  | { readonly kind: 'json'; readonly pretty: string }
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

export function analyseBody(input: AnalysisInput, limits: FormatLimits = ANALYSIS_LIMITS): BodyAnalysis {
  const kind = bodyKind(input.contentType, input.text, input.size);
  try {
    return { kind, model: modelOf(kind, input, limits), skipped: null };
  } catch (err) {
    return { kind, model: null, skipped: reasonOf(err) };
  }
}

function modelOf(kind: BodyKind, input: AnalysisInput, limits: FormatLimits): PrettyModel {
  const text = input.text ?? '';
  if (kind === 'json') return { kind, pretty: prettyJsonText(text, limits) };
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

/** The reason a view shows instead of its body. Engine messages (RangeError) never hold captured bytes. */
export function reasonOf(error: unknown): string {
  if (error instanceof BodyLimitError) return `it is ${error.message}`;
  if (error instanceof Error && error.name === 'BodyLimitError') return `it is ${error.message}`;
  return `it failed (${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'})`;
}
