import type { IncomingMessage, ServerResponse } from 'node:http';

import type { CaptureResult, IncomingCapture } from '../services/ingest.js';
import { PROMETHEUS_CONTENT_TYPE } from './registry.js';
import type { RehookMetrics } from './rehook-metrics.js';

type Capture = (incoming: IncomingCapture) => Promise<CaptureResult>;

/**
 * The capture function, measured: stored/ignored counts, failures (503s), and the time from the
 * end of the request (capture is called once the body is read) to the commit being answered.
 */
export function measureIngest(
  metrics: Pick<RehookMetrics, 'ingested' | 'ingestFailed' | 'ingestStarted'>,
  capture: Capture,
): Capture {
  return async (incoming) => {
    const started = process.hrtime.bigint();
    const done = metrics.ingestStarted();
    try {
      const result = await capture(incoming);
      metrics.ingested(result.stored ? 'stored' : 'ignored', Number(process.hrtime.bigint() - started) / 1e9);
      return result;
    } catch (err) {
      metrics.ingestFailed();
      throw err;
    } finally {
      done();
    }
  };
}

/** Operational endpoints on the ingest listener (next to its /healthz). */
export interface IngestProbes {
  /** Resolves while the database answers; `/readyz` answers 503 when it rejects. */
  readonly ready: () => Promise<void>;
  /** The Prometheus text for `/metrics`; absent = no /metrics on this listener. */
  readonly metrics?: () => string;
}

/**
 * Answers `/readyz` and `/metrics` (GET or HEAD) when the request is for one of them; returns
 * false for every other request, which the ingest handler then takes. Inbox URLs are under
 * `/i/`, so these paths never shadow a capture.
 */
export function answerIngestProbe(probes: IngestProbes, req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path !== '/readyz' && !(path === '/metrics' && probes.metrics)) return false;
  const head = req.method === 'HEAD';
  if (!head && req.method !== 'GET') {
    send(res, 405, 'application/json', '{"error":{"code":"METHOD_NOT_ALLOWED","message":"Use GET"}}', head, {
      allow: 'GET, HEAD',
    });
    return true;
  }
  req.resume();
  if (path === '/metrics' && probes.metrics) {
    send(res, 200, PROMETHEUS_CONTENT_TYPE, probes.metrics(), head);
    return true;
  }
  probes.ready().then(
    () => send(res, 200, 'application/json', '{"status":"ready"}', head),
    () =>
      send(
        res,
        503,
        'application/json',
        '{"error":{"code":"STORAGE_UNAVAILABLE","message":"Database is unreachable"}}',
        head,
      ),
  );
  return true;
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  head: boolean,
  extra: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(head ? undefined : body);
}
