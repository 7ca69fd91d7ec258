// A template render thread (template-renderer.ts): renders answers off the event loop, one at a
// time. It may be terminated at any moment (a render past its time limit, the pool closing), so
// it holds nothing that outlives a job.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

import type { ResponseAnswer } from '../domain/inbox-response.js';
import { resolveAnswer } from './answer-templates.js';
import type { RenderJob, RenderReply } from './template-render-protocol.js';

/** Structured cloning turns a Buffer into a plain Uint8Array: the same bytes, without copying. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function answerOf(answer: ResponseAnswer): ResponseAnswer {
  return { ...answer, body: asBuffer(answer.body) };
}

/**
 * The lowest CPU priority for this thread alone (Linux: a thread id is a process id to
 * setpriority), so that a template that spins until it is terminated takes the CPU only when the
 * event loop does not want it. Elsewhere, or when refused, the thread keeps the process's priority.
 */
function yieldCpuToEventLoop(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 19);
  } catch {
    // Not Linux, or not allowed: same priority as the event loop.
  }
}

const port = parentPort;
if (port !== null) {
  yieldCpuToEventLoop();
  port.on('message', (job: RenderJob) => {
    const chosen = {
      ...job.chosen,
      answer: answerOf(job.chosen.answer),
      defaultAnswer: answerOf(job.chosen.defaultAnswer),
    };
    const resolved = resolveAnswer(chosen, { ...job.request, body: asBuffer(job.request.body) });
    port.postMessage({
      kind: 'done',
      id: job.id,
      answer: resolved.answer,
      record: resolved.record,
    } satisfies RenderReply);
  });
  port.postMessage({ kind: 'ready' } satisfies RenderReply);
}
