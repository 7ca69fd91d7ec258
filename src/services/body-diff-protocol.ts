/** Messages between the API and its body-diff thread (body-diff-runner.ts, body-diff-thread.ts). */
export interface BodyDiffRequest {
  readonly id: number;
  readonly from: Uint8Array;
  readonly to: Uint8Array;
  /** The line diff's own time limit (the diff package's `timeout`). */
  readonly timeoutMs: number;
}

/** The body's diff written as JSON, or why it failed. */
export type BodyDiffReply =
  | { readonly id: number; readonly json: string }
  | { readonly id: number; readonly error: string };
