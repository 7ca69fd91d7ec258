import type { Pool } from 'pg';

import type { EventTypeRepository } from '../../ports/event-type-repository.js';
import { type EventSummaryRow, SUMMARY_COLUMNS } from '../shared/event-rows.js';
import * as typeRows from '../shared/event-type-rows.js';
import { attempt, clampLimit, inTransaction } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';

/** The two tables events live in since migration 13 (event-partitions.ts). */
type EventTable = 'events' | 'events_legacy';
const EVENT_TABLES: readonly EventTable[] = ['events_legacy', 'events'];

const SQL = {
  // Ids are time-ordered: the order events were stored in, near enough (there is no seq since
  // migration 13). The marker, not a cursor, is the queue, so an event committed late is not missed.
  untyped: `SELECT ${typeRows.UNTYPED_COLUMNS}, CASE WHEN size <= $1 THEN body END AS body
    FROM events_all WHERE event_type IS NULL ORDER BY id LIMIT $2`,
  // An event is in exactly one of the two tables (the sweeper moves legacy rows across), so both
  // are written. The legacy table first: a row being moved is then either marked before the
  // move takes it, or already in events when the second statement looks.
  setTypesLegacy: `UPDATE events_legacy AS e SET event_type = v.event_type, drift = v.drift
    FROM unnest($1::text[], $2::text[], $3::text[]) AS v (id, event_type, drift) WHERE e.id = v.id`,
  setTypes: `UPDATE events AS e SET event_type = v.event_type, drift = v.drift
    FROM unnest($1::text[], $2::text[], $3::text[]) AS v (id, event_type, drift) WHERE e.id = v.id`,
  upsert: `INSERT INTO event_types (${typeRows.TYPE_SUMMARY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
    ON CONFLICT (inbox_id, event_type) DO UPDATE SET count = excluded.count, drifted = excluded.drifted,
      first_seen = excluded.first_seen, last_seen = excluded.last_seen, shape = excluded.shape`,
  findSome: `SELECT ${typeRows.TYPE_SUMMARY_COLUMNS} FROM event_types WHERE inbox_id = $1 AND event_type = ANY($2::text[])`,
  list: `SELECT ${typeRows.TYPE_INFO_COLUMNS} FROM event_types WHERE inbox_id = $1 ORDER BY last_seen DESC, event_type`,
  request: 'INSERT INTO event_type_rebuilds (inbox_id, event_type) VALUES ($1, $2) ON CONFLICT DO NOTHING',
  nextRebuild: 'SELECT inbox_id, event_type FROM event_type_rebuilds LIMIT 1',
  removeRebuild: 'DELETE FROM event_type_rebuilds WHERE inbox_id = $1 AND event_type = $2',
  dropType: 'DELETE FROM event_types WHERE inbox_id = $1 AND event_type = $2',
  dropInbox: 'DELETE FROM event_types WHERE inbox_id = $1',
  resetType: (table: EventTable) => `UPDATE ${table} SET event_type = NULL, drift = NULL WHERE id = ANY (ARRAY(
    SELECT id FROM ${table} WHERE inbox_id = $1 AND event_type = $2 LIMIT $3))`,
  resetInbox: (table: EventTable) => `UPDATE ${table} SET event_type = NULL, drift = NULL WHERE id = ANY (ARRAY(
    SELECT id FROM ${table} WHERE inbox_id = $1 AND event_type IS NOT NULL LIMIT $2))`,
  findRule: 'SELECT inbox_id, kind, value FROM event_type_rules WHERE inbox_id = $1',
  findRules: 'SELECT inbox_id, kind, value FROM event_type_rules WHERE inbox_id = ANY($1::text[])',
  // One statement: the owner check and the write are one atomic step.
  putRule: `INSERT INTO event_type_rules (inbox_id, kind, value, updated_at)
    SELECT $1, $2, $3, $4 FROM inboxes WHERE id = $1 AND owner_id = $5 FOR KEY SHARE
    ON CONFLICT (inbox_id) DO UPDATE SET kind = excluded.kind, value = excluded.value, updated_at = excluded.updated_at`,
  deleteRule: 'DELETE FROM event_type_rules WHERE inbox_id = $1',
  findSettings: 'SELECT inbox_id, min_samples FROM event_type_settings WHERE inbox_id = ANY($1::text[])',
  putSettings: `INSERT INTO event_type_settings (inbox_id, min_samples, updated_at)
    SELECT $1, $2, $3 FROM inboxes WHERE id = $1 AND owner_id = $4 FOR KEY SHARE
    ON CONFLICT (inbox_id) DO UPDATE SET min_samples = excluded.min_samples, updated_at = excluded.updated_at`,
  deleteSettings: 'DELETE FROM event_type_settings WHERE inbox_id = $1',
  drifted: `SELECT ${SUMMARY_COLUMNS} FROM events_all WHERE inbox_id = $1 AND drift IS NOT NULL AND id < $2
    ORDER BY id DESC LIMIT $3`,
  previousOfType: typeRows.previousEventSql('events_all', 'type', (_name, n) => `$${n}`),
  previousOfRoute: typeRows.previousEventSql('events_all', 'route', (_name, n) => `$${n}`),
};

/**
 * EventTypeRepository on PostgreSQL. The worker that writes summaries runs on one instance at a
 * time (its advisory lock), so a batch's summaries replace the stored ones without a race.
 */
export function createEventTypeRepository(pool: Pool): EventTypeRepository {
  return {
    listUntyped: (limit, maxBodyBytes) =>
      attempt('list untyped events', async () => {
        const { rows } = await pool.query<typeRows.UntypedRow<PostgresColumns>>(SQL.untyped, [
          maxBodyBytes,
          clampLimit(limit),
        ]);
        return rows.map(mapper.toUntyped);
      }),
    applyBatch: (batch) =>
      attempt('record event types', () =>
        inTransaction(pool, async (client) => {
          if (batch.events.length > 0) {
            const params = [
              batch.events.map((e) => e.id),
              batch.events.map((e) => e.eventType),
              batch.events.map((e) => e.drift),
            ];
            await client.query(SQL.setTypesLegacy, params);
            await client.query(SQL.setTypes, params);
          }
          for (const summary of batch.summaries) await client.query(SQL.upsert, mapper.typeSummaryParams(summary));
        }),
      ),
    findSummaries: (inboxId, types) =>
      attempt('find event type summaries', async () => {
        const { rows } = await pool.query<typeRows.TypeSummaryRow<PostgresColumns>>(SQL.findSome, [
          inboxId,
          [...types],
        ]);
        return rows.map(mapper.toTypeSummary);
      }),
    listByInbox: (inboxId) =>
      attempt('list event types', async () => {
        const { rows } = await pool.query<typeRows.TypeInfoRow<PostgresColumns>>(SQL.list, [inboxId]);
        return rows.map(mapper.toTypeInfo);
      }),
    requestRebuild: (req) =>
      attempt('request a rebuild', async () => {
        await pool.query(SQL.request, [req.inboxId, req.eventType ?? typeRows.ALL_TYPES]);
      }),
    nextRebuild: () =>
      attempt('next rebuild', async () => {
        const { rows } = await pool.query<typeRows.RebuildRow>(SQL.nextRebuild);
        return rows[0] === undefined ? null : mapper.toRebuild(rows[0]);
      }),
    resetStep: (req, limit) =>
      attempt('reset event types', () =>
        inTransaction(pool, async (client) => {
          if (req.eventType === null) await client.query(SQL.dropInbox, [req.inboxId]);
          else await client.query(SQL.dropType, [req.inboxId, req.eventType]);
          let changed = 0;
          for (const table of EVENT_TABLES) {
            const result =
              req.eventType === null
                ? await client.query(SQL.resetInbox(table), [req.inboxId, clampLimit(limit)])
                : await client.query(SQL.resetType(table), [req.inboxId, req.eventType, clampLimit(limit)]);
            changed += result.rowCount ?? 0;
          }
          if (changed === 0) await client.query(SQL.removeRebuild, [req.inboxId, req.eventType ?? typeRows.ALL_TYPES]);
          return changed;
        }),
      ),
    findRule: (inboxId) =>
      attempt('find event type rule', async () => {
        const { rows } = await pool.query<typeRows.RuleRow>(SQL.findRule, [inboxId]);
        return rows[0] === undefined ? null : mapper.toRule(rows[0]);
      }),
    findRules: (inboxIds) =>
      attempt('find event type rules', async () => {
        const { rows } = await pool.query<typeRows.RuleRow>(SQL.findRules, [[...inboxIds]]);
        return new Map(rows.map((row) => [row.inbox_id, mapper.toRule(row)]));
      }),
    putRule: (inboxId, rule, expectedOwnerId, now) =>
      attempt('set event type rule', async () => {
        const result = await pool.query(SQL.putRule, [...mapper.ruleParams(inboxId, rule, now), expectedOwnerId]);
        return result.rowCount === 1;
      }),
    deleteRule: (inboxId) =>
      attempt('delete event type rule', async () => (await pool.query(SQL.deleteRule, [inboxId])).rowCount === 1),
    findMinSamples: (inboxIds) =>
      attempt('find event type settings', async () => {
        const { rows } = await pool.query<typeRows.SettingsRow>(SQL.findSettings, [[...inboxIds]]);
        return new Map(rows.map((row) => mapper.toMinSamples(row)));
      }),
    putMinSamples: (inboxId, minSamples, expectedOwnerId, now) =>
      attempt('set event type settings', async () => {
        const params = [...mapper.settingsParams(inboxId, minSamples, now), expectedOwnerId];
        return (await pool.query(SQL.putSettings, params)).rowCount === 1;
      }),
    deleteMinSamples: (inboxId) =>
      attempt(
        'delete event type settings',
        async () => (await pool.query(SQL.deleteSettings, [inboxId])).rowCount === 1,
      ),
    listDrifted: (inboxId, page) =>
      attempt('list drifted events', async () => {
        const { rows } = await pool.query<EventSummaryRow<PostgresColumns>>(SQL.drifted, [
          inboxId,
          page.before ?? '~',
          clampLimit(page.limit + 1),
        ]);
        const more = rows.length > page.limit;
        const events = rows.slice(0, page.limit).map(mapper.toEventSummary);
        return { events, nextBefore: more ? (events[events.length - 1]?.id ?? null) : null };
      }),
    findPrevious: (inboxId, beforeId, match, within) =>
      attempt('find the previous event', async () => {
        const sql = match.kind === 'type' ? SQL.previousOfType : SQL.previousOfRoute;
        const values = typeRows.previousValues(inboxId, beforeId, match, within);
        const { rows } = await pool.query<EventSummaryRow<PostgresColumns>>(
          sql,
          typeRows.PREVIOUS_PARAMS[match.kind].map((name) => values[name]),
        );
        return rows[0] === undefined ? null : mapper.toEventSummary(rows[0]);
      }),
  };
}
