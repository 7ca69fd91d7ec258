/** Messages between the API and its body-diff thread (body-diff-runner.ts, body-diff-thread.ts). */
export interface BodyDiffRequest {
  readonly id: number;
  readonly from: Uint8Array;
  readonly to: Uint8Array;
  /** The line diff's own time limit (the diff package's `timeout`). */
  readonly timeoutMs: number;
}

/**
 * `started`: the thread has the pair and begins the diff (its modules are loaded by then); the
 * pair's clock runs from this message. Then the body's diff written as JSON, or why it failed.
 */
export type BodyDiffReply =
  | { readonly id: number; readonly started: true }
  | { readonly id: number; readonly json: string }
  | { readonly id: number; readonly error: string };
