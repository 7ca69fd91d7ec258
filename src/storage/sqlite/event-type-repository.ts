import type BetterSqlite3 from 'better-sqlite3';

import type { EventTypeRepository, RebuildRequest } from '../../ports/event-type-repository.js';
import type { EventSummaryRow } from '../shared/event-rows.js';
import { SUMMARY_COLUMNS } from '../shared/event-rows.js';
import * as typeRows from '../shared/event-type-rows.js';
import { attempt } from './attempt.js';
import { mapper, type SqliteColumns, type SqliteParam } from './rows.js';

/** EventTypeRepository on SQLite (one writer: the worker's batch is one transaction). */
export function createEventTypeRepository(db: BetterSqlite3.Database): EventTypeRepository {
  const untyped = db.prepare<[number, number], typeRows.UntypedRow<SqliteColumns>>(
    `SELECT ${typeRows.UNTYPED_COLUMNS}, CASE WHEN size <= ? THEN body END AS body
      FROM events WHERE event_type IS NULL ORDER BY seq LIMIT ?`,
  );
  const setType = db.prepare<[string, string | null, string]>(
    'UPDATE events SET event_type = ?, drift = ? WHERE id = ?',
  );
  const upsert = db.prepare<SqliteParam[]>(
    `INSERT INTO event_types (${typeRows.TYPE_SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (inbox_id, event_type) DO UPDATE SET count = excluded.count, drifted = excluded.drifted,
        first_seen = excluded.first_seen, last_seen = excluded.last_seen, shape = excluded.shape`,
  );
  const findOne = db.prepare<[string, string], typeRows.TypeSummaryRow<SqliteColumns>>(
    `SELECT ${typeRows.TYPE_SUMMARY_COLUMNS} FROM event_types WHERE inbox_id = ? AND event_type = ?`,
  );
  const list = db.prepare<[string], typeRows.TypeInfoRow<SqliteColumns>>(
    `SELECT ${typeRows.TYPE_INFO_COLUMNS} FROM event_types WHERE inbox_id = ? ORDER BY last_seen DESC, event_type`,
  );
  const request = db.prepare<[string, string]>(
    'INSERT INTO event_type_rebuilds (inbox_id, event_type) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const nextRebuild = db.prepare<[], typeRows.RebuildRow>(
    'SELECT inbox_id, event_type FROM event_type_rebuilds LIMIT 1',
  );
  const removeRebuild = db.prepare<[string, string]>(
    'DELETE FROM event_type_rebuilds WHERE inbox_id = ? AND event_type = ?',
  );
  const dropType = db.prepare<[string, string]>('DELETE FROM event_types WHERE inbox_id = ? AND event_type = ?');
  const dropInbox = db.prepare<[string]>('DELETE FROM event_types WHERE inbox_id = ?');
  const resetType = db.prepare<[string, string, number]>(
    `UPDATE events SET event_type = NULL, drift = NULL WHERE seq IN (
      SELECT seq FROM events WHERE inbox_id = ? AND event_type = ? LIMIT ?)`,
  );
  const resetInbox = db.prepare<[string, number]>(
    `UPDATE events SET event_type = NULL, drift = NULL WHERE seq IN (
      SELECT seq FROM events WHERE inbox_id = ? AND event_type IS NOT NULL LIMIT ?)`,
  );
  const findRule = db.prepare<[string], typeRows.RuleRow>(
    'SELECT inbox_id, kind, value FROM event_type_rules WHERE inbox_id = ?',
  );
  const findRules = db.prepare<[string], typeRows.RuleRow>(
    'SELECT inbox_id, kind, value FROM event_type_rules WHERE inbox_id IN (SELECT value FROM json_each(?))',
  );
  // One statement: the owner check and the write are one atomic step.
  const putRule = db.prepare<SqliteParam[]>(
    `INSERT INTO event_type_rules (inbox_id, kind, value, updated_at)
      SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM inboxes WHERE id = ? AND owner_id = ?)
      ON CONFLICT (inbox_id) DO UPDATE SET kind = excluded.kind, value = excluded.value,
        updated_at = excluded.updated_at`,
  );
  const deleteRule = db.prepare<[string]>('DELETE FROM event_type_rules WHERE inbox_id = ?');
  const findSettings = db.prepare<[string], typeRows.SettingsRow>(
    'SELECT inbox_id, min_samples FROM event_type_settings WHERE inbox_id IN (SELECT value FROM json_each(?))',
  );
  const putSettings = db.prepare<SqliteParam[]>(
    `INSERT INTO event_type_settings (inbox_id, min_samples, updated_at)
      SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM inboxes WHERE id = ? AND owner_id = ?)
      ON CONFLICT (inbox_id) DO UPDATE SET min_samples = excluded.min_samples, updated_at = excluded.updated_at`,
  );
  const deleteSettings = db.prepare<[string]>('DELETE FROM event_type_settings WHERE inbox_id = ?');
  const drifted = db.prepare<[string, string, number], EventSummaryRow<SqliteColumns>>(
    `SELECT ${SUMMARY_COLUMNS} FROM events WHERE inbox_id = ? AND drift IS NOT NULL AND id < ?
      ORDER BY id DESC LIMIT ?`,
  );
  const previous = {
    type: db.prepare<[Record<string, string | number>], EventSummaryRow<SqliteColumns>>(
      typeRows.previousEventSql('events', 'type', (name) => `@${name}`),
    ),
    route: db.prepare<[Record<string, string | number>], EventSummaryRow<SqliteColumns>>(
      typeRows.previousEventSql('events', 'route', (name) => `@${name}`),
    ),
  };

  const apply = db.transaction((batch: Parameters<EventTypeRepository['applyBatch']>[0]) => {
    for (const event of batch.events) setType.run(event.eventType, event.drift, event.id);
    for (const summary of batch.summaries) upsert.run(...mapper.typeSummaryParams(summary));
  });
  const reset = db.transaction((req: RebuildRequest, limit: number): number => {
    const type = req.eventType ?? typeRows.ALL_TYPES;
    if (req.eventType === null) dropInbox.run(req.inboxId);
    else dropType.run(req.inboxId, req.eventType);
    const changed =
      req.eventType === null
        ? resetInbox.run(req.inboxId, limit).changes
        : resetType.run(req.inboxId, req.eventType, limit).changes;
    if (changed === 0) removeRebuild.run(req.inboxId, type);
    return changed;
  });

  return {
    listUntyped: (limit, maxBodyBytes) =>
      attempt('list untyped events', () => untyped.all(maxBodyBytes, limit).map(mapper.toUntyped)),
    applyBatch: (batch) => attempt('record event types', () => apply.immediate(batch)),
    findSummaries: (inboxId, types) =>
      attempt('find event type summaries', () =>
        types.flatMap((type) => {
          const row = findOne.get(inboxId, type);
          return row === undefined ? [] : [mapper.toTypeSummary(row)];
        }),
      ),
    listByInbox: (inboxId) => attempt('list event types', () => list.all(inboxId).map(mapper.toTypeInfo)),
    requestRebuild: (req) =>
      attempt('request a rebuild', () => void request.run(req.inboxId, req.eventType ?? typeRows.ALL_TYPES)),
    nextRebuild: () =>
      attempt('next rebuild', () => {
        const row = nextRebuild.get();
        return row === undefined ? null : mapper.toRebuild(row);
      }),
    resetStep: (req, limit) => attempt('reset event types', () => reset.immediate(req, limit)),
    findRule: (inboxId) =>
      attempt('find event type rule', () => {
        const row = findRule.get(inboxId);
        return row === undefined ? null : mapper.toRule(row);
      }),
    findRules: (inboxIds) =>
      attempt(
        'find event type rules',
        () => new Map(findRules.all(JSON.stringify(inboxIds)).map((row) => [row.inbox_id, mapper.toRule(row)])),
      ),
    putRule: (inboxId, rule, expectedOwnerId, now) =>
      attempt(
        'set event type rule',
        () => putRule.run(...mapper.ruleParams(inboxId, rule, now), inboxId, expectedOwnerId).changes === 1,
      ),
    deleteRule: (inboxId) => attempt('delete event type rule', () => deleteRule.run(inboxId).changes === 1),
    findMinSamples: (inboxIds) =>
      attempt(
        'find event type settings',
        () => new Map(findSettings.all(JSON.stringify(inboxIds)).map((row) => mapper.toMinSamples(row))),
      ),
    putMinSamples: (inboxId, minSamples, expectedOwnerId, now) =>
      attempt(
        'set event type settings',
        () =>
          putSettings.run(...mapper.settingsParams(inboxId, minSamples, now), inboxId, expectedOwnerId).changes === 1,
      ),
    deleteMinSamples: (inboxId) =>
      attempt('delete event type settings', () => deleteSettings.run(inboxId).changes === 1),
    listDrifted: (inboxId, page) =>
      attempt('list drifted events', () => {
        // Every event id sorts below '~' (ids are [a-z0-9_]), so "before nothing" is before '~'.
        const rows = drifted.all(inboxId, page.before ?? '~', page.limit + 1);
        const more = rows.length > page.limit;
        const events = rows.slice(0, page.limit).map(mapper.toEventSummary);
        return { events, nextBefore: more ? (events[events.length - 1]?.id ?? null) : null };
      }),
    findPrevious: (inboxId, beforeId, match, within) =>
      attempt('find the previous event', () => {
        const row = previous[match.kind].get(typeRows.previousValues(inboxId, beforeId, match, within));
        return row === undefined ? null : mapper.toEventSummary(row);
      }),
  };
}
