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

/** The document as committed: two-space JSON with a final newline. */
export function renderOpenApiDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
