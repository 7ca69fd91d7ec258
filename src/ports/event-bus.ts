import type { EventSummary } from '../domain/captured-event.js';

/**
 * A message about access rather than an event, for every instance: a revoked sharing link must
 * end the streams and long-polls that use it wherever they are open.
 */
export type ControlMessage =
  | {
      readonly type: 'share.revoked';
      readonly shareId: string;
      readonly inboxId: string;
    }
  /**
   * A bulk replay job was created or cancelled: every instance's job runner looks at once
   * instead of at its next poll (a lost message only delays that).
   */
  | { readonly type: 'replay-job.changed'; readonly jobId: string }
  /**
   * An account's membership of a team changed (removed, role changed, team deleted): its open
   * streams and long-polls on the team's inboxes check access again at once.
   */
  | { readonly type: 'team.membership-changed'; readonly teamId: string; readonly accountId: string }
  /** An API token was revoked: the streams and long-polls it holds open end at once. */
  | { readonly type: 'token.revoked'; readonly tokenId: string };

/**
 * A change to an inbox's stored events other than a new one, for the inbox's live subscribers
 * (the SSE stream tells a second browser tab). Published after the change has committed.
 */
export type InboxNotice =
  | { readonly kind: 'event.deleted'; readonly inboxId: string; readonly eventId: string }
  /** Every event of the inbox up to `through` (inclusive) was deleted; null: it held none. */
  | { readonly kind: 'inbox.cleared'; readonly inboxId: string; readonly through: string | null };

/**
 * Fan-out of newly captured events to live subscribers (the SSE stream, later the CLI).
 * Published only after the event is committed; a publish failure never affects ingest.
 */
export interface EventBus {
  publish(event: EventSummary): void;
  /**
   * Tells the inbox's subscribers, on every instance, about a deletion. Best effort like
   * publish, and on the same path, so a subscriber gets it after the events published before it.
   */
  publishNotice(notice: InboxNotice): void;
  /**
   * Subscribes to one inbox: its new events, and its notices when `onNotice` is given. Call the
   * returned function to unsubscribe.
   */
  subscribe(
    inboxId: string,
    onEvent: (event: EventSummary) => void,
    onNotice?: (notice: InboxNotice) => void,
  ): () => void;
  /**
   * Sends a control message to every instance, this one included (its own subscribers get it
   * at once). Best effort like events: call it after the change it announces is committed, and
   * keep a check that does not depend on it (a lost message must only delay the effect).
   * A subscriber may get the same message twice; acting on it must be idempotent.
   */
  publishControl(message: ControlMessage): void;
  /** Receives every control message; call the returned function to unsubscribe. */
  subscribeControl(onMessage: (message: ControlMessage) => void): () => void;
  /** Sends what is still queued and releases connections (buses that hold any). */
  close?(): Promise<void>;
}
