// The thread that diffs event bodies for the API (services/body-diff-runner.ts). Parsing two
// bodies of up to 2 MiB as JSON, or splitting them into lines and diffing those, takes from
// milliseconds to seconds; here it never holds up the event loop that serves the API and ingest.
// Each answer is the body's diff already written as JSON (the lossless writer: big numbers keep
// their digits, which a structured clone would lose).
import { parentPort } from 'node:worker_threads';

import { diffBodies } from '../domain/event-diff.js';
import { stringifyLossless } from '../domain/lossless-json.js';
import type { BodyDiffReply, BodyDiffRequest } from './body-diff-protocol.js';

const port = parentPort;
if (port === null) throw new Error('body-diff-thread.ts runs as a worker thread');

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

port.on('message', (request: BodyDiffRequest) => {
  port.postMessage({ id: request.id, started: true } satisfies BodyDiffReply);
  let reply: BodyDiffReply;
  try {
    const diff = diffBodies(asBuffer(request.from), asBuffer(request.to), request.timeoutMs);
    reply = { id: request.id, json: stringifyLossless(diff) };
  } catch (err) {
    reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
