import type { EventSummary } from '../domain/captured-request.js';

/**
 * Fan-out of newly captured events to live subscribers (the SSE stream, later the CLI).
 * Published only after the event is committed; a publish failure never affects ingest.
 */
export interface EventBus {
  publish(event: EventSummary): void;
  /** Subscribes to one inbox; call the returned function to unsubscribe. */
  subscribe(inboxId: string, onEvent: (event: EventSummary) => void): () => void;
  /** Sends what is still queued and releases connections (buses that hold any). */
  close?(): Promise<void>;
}
