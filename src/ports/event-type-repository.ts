import type { EventSummary, HeaderPair } from '../domain/captured-event.js';
import type { EventTypeRule } from '../domain/event-type.js';
import type { LearnedSchema } from '../domain/learned-schema.js';

/**
 * Event types, their learned schemas and drift (migration 17; docs/insight.md). Ingest writes
 * nothing here: the event-type worker (services/event-type-worker.ts) reads the events not yet
 * typed, in store order, and records each one's type and drift together with the updated
 * summaries of their types, in one transaction per batch. On PostgreSQL one instance at a time
 * runs the worker (an advisory lock), so the read-merge-write of a summary has one writer.
 */

/** An event the worker has not read yet. */
export interface UntypedEvent {
  readonly id: string;
  readonly inboxId: string;
  readonly receivedAt: Date;
  readonly method: string;
  readonly path: string;
  readonly contentType: string | null;
  readonly headers: readonly HeaderPair[];
  /** The body, or null when it is larger than the `maxBodyBytes` asked for (it is not read). */
  readonly body: Buffer | null;
}

/** One event type of an inbox, as listed. */
export interface EventTypeInfo {
  readonly inboxId: string;
  readonly eventType: string;
  /** Events of this type the summary was learned from (since the last rebuild). */
  readonly count: number;
  /** How many of them drifted. */
  readonly drifted: number;
  readonly firstSeen: Date;
  readonly lastSeen: Date;
}

/** A type with its learned schema. */
export interface EventTypeSummary extends EventTypeInfo {
  readonly shape: LearnedSchema;
}

/** What the worker learned from one batch, stored in one transaction. */
export interface TypedBatch {
  /** Each event's type ('' = none: not JSON or not readable) and drift (JSON text or null). */
  readonly events: readonly { readonly id: string; readonly eventType: string; readonly drift: string | null }[];
  /** The summaries the batch changed, whole (they replace the stored ones). */
  readonly summaries: readonly EventTypeSummary[];
}

/** A rebuild asked for: one type of an inbox, or all of them (`eventType` null). */
export interface RebuildRequest {
  readonly inboxId: string;
  readonly eventType: string | null;
}

/** A page of drifted events (EventTypeRepository.listDrifted). */
export interface DriftedPage {
  /** Newest first, at most `limit`. */
  readonly events: EventSummary[];
  /** The `before` of the next page, or null when there is none. */
  readonly nextBefore: string | null;
}

/**
 * What "the previous event like this one" shares with it (EventTypeRepository.findPrevious): its
 * learned type, or, while it has none, its method and exact path.
 */
export type PreviousMatch =
  | { readonly kind: 'type'; readonly eventType: string }
  | { readonly kind: 'route'; readonly method: string; readonly path: string };

export interface EventTypeRepository {
  /** Events not yet typed, oldest stored first, at most `limit` (1..1000); bodies above `maxBodyBytes` come as null. */
  listUntyped(limit: number, maxBodyBytes: number): Promise<UntypedEvent[]>;
  /** Records a batch: the events' types and drift, and the changed summaries. */
  applyBatch(batch: TypedBatch): Promise<void>;
  /** The summaries (with shapes) of these types of the inbox; absent types are left out. */
  findSummaries(inboxId: string, eventTypes: readonly string[]): Promise<EventTypeSummary[]>;
  /** The inbox's types, most recently seen first. */
  listByInbox(inboxId: string): Promise<EventTypeInfo[]>;
  /** Asks for a rebuild (idempotent); the worker carries it out (takeRebuild, resetStep). */
  requestRebuild(request: RebuildRequest): Promise<void>;
  /** The oldest pending rebuild, or null. */
  nextRebuild(): Promise<RebuildRequest | null>;
  /**
   * One bounded step of a rebuild: the first step deletes the summaries concerned, every step
   * marks up to `limit` of the concerned events untyped again (and clears their drift).
   * Returns how many events it marked; 0 means the reset is complete and the request is removed.
   */
  resetStep(request: RebuildRequest, limit: number): Promise<number>;
  /** The inbox's own rule, or null. */
  findRule(inboxId: string): Promise<EventTypeRule | null>;
  /** The rules of these inboxes (those that have one). */
  findRules(inboxIds: readonly string[]): Promise<Map<string, EventTypeRule>>;
  /** Sets (or replaces) the inbox's rule, only while the inbox exists with owner `expectedOwnerId`. */
  putRule(inboxId: string, rule: EventTypeRule, expectedOwnerId: string, now: Date): Promise<boolean>;
  /** Removes the inbox's rule; false when it had none. */
  deleteRule(inboxId: string): Promise<boolean>;
  /** The minimum of samples set by these inboxes (those that set one; the others use the default). */
  findMinSamples(inboxIds: readonly string[]): Promise<Map<string, number>>;
  /** Sets the inbox's minimum of samples, only while the inbox exists with owner `expectedOwnerId`. */
  putMinSamples(inboxId: string, minSamples: number, expectedOwnerId: string, now: Date): Promise<boolean>;
  /** Removes the inbox's minimum (the default applies again); false when it had none. */
  deleteMinSamples(inboxId: string): Promise<boolean>;
  /** The inbox's drifted events, newest first, older than `before` (an event id). */
  listDrifted(inboxId: string, page: { readonly limit: number; readonly before?: string }): Promise<DriftedPage>;
  /**
   * The newest event of the inbox older than `beforeId` that matches, looking only at the
   * `within` events just before it (so a rare match costs a bounded read); null when none does.
   */
  findPrevious(inboxId: string, beforeId: string, match: PreviousMatch, within: number): Promise<EventSummary | null>;
}
