import { pino } from 'pino';
import type { ServiceDeps } from '../../../services/deps.js';
import { buildApiApp } from '../app.js';

/**
 * The OpenAPI 3.1 document of the API, generated from the route schemas: an app is built (never
 * started; no handler runs, so it needs no store) and asked for its document. The committed
 * openapi.json is this, pretty-printed (`npm run docs:write`; test/unit/generated-files.test.ts
 * fails on drift).
 */
export async function generateOpenApiDocument(): Promise<Record<string, unknown>> {
  const app = buildApiApp({
    deps: {} as ServiceDeps,
    ingestOrigin: () => '',
    logger: pino({ level: 'silent' }),
    trustProxy: false,
    // Present so that /metrics is documented, as every API instance serves it.
    metrics: () => '',
  });
  try {
    await app.ready();
    return structuredClone(app.swagger()) as Record<string, unknown>;
  } finally {
    await app.close();
  }
}

/** Widest line of the committed document (the code's line width). */
const LINE_WIDTH = 120;

/** `value` on one line, with a space after each colon and comma: `{"type": "string"}`. */
function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** `value` indented by two spaces per level, but an object or array that fits on its line stays on it. */
function render(value: unknown, indent: string, room: number): string {
  const flat = oneLine(value);
  if (typeof value !== 'object' || value === null || flat.length <= room) return flat;
  const inner = `${indent}  `;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item) => ['', item])
    : Object.entries(value).map(([key, item]) => [`${JSON.stringify(key)}: `, item]);
  if (entries.length === 0) return flat;
  const lines = entries.map(([key, item], index) => {
    const comma = index < entries.length - 1 ? ',' : '';
    return `${inner}${key}${render(item, inner, LINE_WIDTH - inner.length - key.length - comma.length)}${comma}`;
  });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.join('\n')}\n${indent}${close}`;
}

/**
 * The document as committed: JSON indented by two spaces, where an object or array that fits in
 * the line width is written on one line (a parameter, a `$ref`, a short schema), and a final
 * newline. Most of the document is small schemas: one line each keeps it readable and about a
 * quarter smaller than one value per line.
 */
export function renderOpenApiDocument(document: unknown): string {
  return `${render(document, '', LINE_WIDTH)}\n`;
}
