import { clampLimit } from '../../domain/page-limit.js';
import type { ReplayRepository } from '../../ports/replay-repository.js';
import { attempt } from './attempt.js';
import { mapper } from './rows.js';
import type { Statements } from './statements.js';

export function createReplayRepository(s: Statements): ReplayRepository {
  return {
    insert: (replay) => attempt('insert replay', () => void s.replays.insert.run(...mapper.replayParams(replay))),
    listByEvent: (eventId, opts) =>
      attempt('list replays', () => {
        const limit = clampLimit(opts.limit);
        const rows =
          opts.accountId === undefined
            ? s.replays.listByEvent.all(eventId, limit)
            : s.replays.listByEventAndAccount.all(eventId, opts.accountId, limit);
        return rows.map(mapper.toReplay);
      }),
  };
}
