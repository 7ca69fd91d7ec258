import type { Pool } from 'pg';

import { clampLimit } from '../../domain/page-limit.js';
import type { ReplayRepository } from '../../ports/replay-repository.js';
import { attempt } from './attempt.js';
import { REPLAY_COLUMNS, type ReplayRow } from '../shared/event-rows.js';
import { mapper, type PostgresColumns } from './rows.js';

/** `$1, $2, ... $n` */
function placeholders(n: number): string {
  return Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');
}

const SQL = {
  insertReplay: `INSERT INTO replays (${REPLAY_COLUMNS}) VALUES (${placeholders(17)})`,
  listReplays: `SELECT ${REPLAY_COLUMNS} FROM replays WHERE event_id = $1
    ORDER BY seq DESC LIMIT $2`,
  listReplaysOfAccount: `SELECT ${REPLAY_COLUMNS} FROM replays WHERE event_id = $1
    AND account_id = $3 ORDER BY seq DESC LIMIT $2`,
};

export function createReplayRepository(pool: Pool): ReplayRepository {
  return {
    insert: (replay) =>
      attempt('insert replay', async () => {
        await pool.query(SQL.insertReplay, mapper.replayParams(replay));
      }),
    listByEvent: (eventId, opts) =>
      attempt('list replays', async () => {
        const limit = clampLimit(opts.limit);
        const { rows } =
          opts.accountId === undefined
            ? await pool.query<ReplayRow<PostgresColumns>>(SQL.listReplays, [eventId, limit])
            : await pool.query<ReplayRow<PostgresColumns>>(SQL.listReplaysOfAccount, [eventId, limit, opts.accountId]);
        return rows.map(mapper.toReplay);
      }),
  };
}
