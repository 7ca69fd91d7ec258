// A template render thread (template-renderer.ts): renders answers off the event loop, one at a
// time. It may be terminated at any moment (a render past its time limit, the pool closing), so
// it holds nothing that outlives a job. It lowers its own CPU priority first, before it loads the
// template engine: a thread replaced after every hostile render spends much of its time loading.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

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

yieldCpuToEventLoop();
await import('./template-render-jobs.js');
