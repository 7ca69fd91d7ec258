// Messages between the template renderer (main thread) and its render threads.
import type { ChosenAnswer, ResponseAnswer } from '../domain/response.js';
import type { AnswerRecord } from '../domain/captured-event.js';
import type { TemplateRequest } from './response-templates.js';

/** Main thread → render thread: resolve one chosen answer against one request. */
export interface RenderJob {
  readonly id: number;
  readonly chosen: ChosenAnswer;
  readonly request: TemplateRequest;
  /**
   * The engine's own check between steps, set to the pool's time limit: a harmless template on
   * a busy machine is not failed before the limit the operator chose; the thread is terminated
   * at that limit when one step alone outlasts it.
   */
  readonly renderLimitMs: number;
}

/**
 * Render thread → main thread. `ready`: the thread has loaded and takes jobs. `done`: the job's
 * answer (bodies arrive as Uint8Array: structured cloning drops the Buffer class).
 */
export type RenderReply =
  | { readonly kind: 'ready' }
  | {
      readonly kind: 'done';
      readonly id: number;
      readonly answer: (Omit<ResponseAnswer, 'body'> & { readonly body: Uint8Array }) | null;
      readonly record: AnswerRecord;
    };
