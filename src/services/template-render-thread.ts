// A template render thread (template-renderer.ts): renders answers off the event loop, one at a
// time. It may be terminated at any moment (a render past its time limit, the pool closing), so
// it holds nothing that outlives a job.
import { parentPort } from 'node:worker_threads';

import type { ResponseAnswer } from '../domain/response.js';
import { resolveAnswer } from './response-templates.js';
import type { RenderJob, RenderReply } from './template-render-protocol.js';

/** Structured cloning turns a Buffer into a plain Uint8Array: the same bytes, without copying. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function answerOf(answer: ResponseAnswer): ResponseAnswer {
  return { ...answer, body: asBuffer(answer.body) };
}

const port = parentPort;
if (port !== null) {
  port.on('message', (job: RenderJob) => {
    const chosen = {
      ...job.chosen,
      answer: answerOf(job.chosen.answer),
      defaultAnswer: answerOf(job.chosen.defaultAnswer),
    };
    const resolved = resolveAnswer(chosen, { ...job.request, body: asBuffer(job.request.body) }, job.renderLimitMs);
    port.postMessage({
      kind: 'done',
      id: job.id,
      answer: resolved.answer,
      record: resolved.record,
    } satisfies RenderReply);
  });
  port.postMessage({ kind: 'ready' } satisfies RenderReply);
}
