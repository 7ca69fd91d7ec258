import type { ReplayRecord } from '../domain/replay.js';

export interface ReplayRepository {
  insert(replay: ReplayRecord): Promise<void>;
  /** Replays of an event, newest first; only those requested by `accountId` when it is given. */
  listByEvent(eventId: string, opts: { limit: number; accountId?: string }): Promise<ReplayRecord[]>;
}
