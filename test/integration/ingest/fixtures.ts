import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Pool } from 'pg';
import { api, type TestRehook } from '../../helpers/rehook.js';

/** The full event as `GET /api/v1/events/:id` returns it (`data.event`). */
export interface EventJson {
  readonly id: string;
  readonly inboxId: string;
  readonly receivedAt: string;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly contentType: string | null;
  readonly size: number;
  readonly sourceIp: string;
  readonly headers: Array<[string, string]>;
  readonly bodyBase64: string;
  readonly bodyText: string | null;
}

/** An entry of `GET /api/v1/inboxes/:id/events`. */
export interface EventSummaryJson {
  readonly id: string;
  readonly inboxId: string;
  readonly receivedAt: string;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly contentType: string | null;
  readonly size: number;
}

/** The SQLite connection behind the store, for counting rows (never for writing events). */
export function dbOf(rehook: TestRehook): Database.Database {
  return (rehook.deps.store as unknown as { db: Database.Database }).db;
}

/**
 * Set when the HTTP suites run again on PostgreSQL (scripts/run-tests.mjs). The few tests that
 * read SQLite's files or pragmas skip then, naming why; PostgreSQL's outage behaviour has its own
 * tests in test/integration/postgres.
 */
export const SQLITE_ONLY: string | false =
  process.env['REHOOK_TEST_STORE'] === 'postgres'
    ? 'reads SQLite files or pragmas; not applicable on PostgreSQL'
    : false;

/** The PostgreSQL pool behind the store when the suite runs on PostgreSQL, else undefined. */
function poolOf(rehook: TestRehook): Pool | undefined {
  return (rehook.deps.store as unknown as { pool?: Pool }).pool;
}

/** True when this run's store is PostgreSQL (REHOOK_TEST_STORE=postgres). */
export function onPostgres(rehook: TestRehook): boolean {
  return poolOf(rehook) !== undefined;
}

/** Rows in the events table: of one inbox, or of every inbox. */
export async function countEvents(rehook: TestRehook, inboxId?: string): Promise<number> {
  const pool = poolOf(rehook);
  if (pool) {
    const { rows } =
      inboxId === undefined
        ? await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')
        : await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE inbox_id = $1', [inboxId]);
    return rows[0]?.n ?? 0;
  }
  const db = dbOf(rehook);
  const row =
    inboxId === undefined
      ? db.prepare('SELECT count(*) AS n FROM events').get()
      : db.prepare('SELECT count(*) AS n FROM events WHERE inbox_id = ?').get(inboxId);
  return (row as { n: number }).n;
}

/** Ids of the stored events whose path is exactly `path` (any inbox), oldest first. */
export async function eventIdsByPath(rehook: TestRehook, path: string): Promise<string[]> {
  const pool = poolOf(rehook);
  if (pool) {
    // No seq on PostgreSQL since events are partitioned by day: ids are strictly increasing per
    // process, so one server's events sort by id in the order it stored them.
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM events WHERE path = $1 ORDER BY id', [path]);
    return rows.map((row) => row.id);
  }
  const rows = dbOf(rehook).prepare('SELECT id FROM events WHERE path = ? ORDER BY seq').all(path);
  return (rows as Array<{ id: string }>).map((row) => row.id);
}

/** Creates an anonymous inbox through the API and returns its id. */
export async function createInbox(rehook: TestRehook): Promise<string> {
  const res = await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST' });
  assert.equal(res.status, 201, res.text);
  const id: unknown = res.body?.data?.inbox?.id;
  assert.equal(typeof id, 'string');
  return id as string;
}

/** Every event of an inbox through the API, newest first. */
export async function listEvents(rehook: TestRehook, inboxId: string): Promise<EventSummaryJson[]> {
  const res = await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1000`);
  assert.equal(res.status, 200, res.text);
  assert.ok(Array.isArray(res.body), `expected a JSON array, got ${res.text.slice(0, 200)}`);
  return res.body as EventSummaryJson[];
}

/** One full event through the API. */
export async function getEvent(rehook: TestRehook, eventId: string): Promise<EventJson> {
  const res = await api(rehook.apiUrl, `/api/v1/events/${eventId}`);
  assert.equal(res.status, 200, res.text);
  return res.body.data.event as EventJson;
}

/** The single event stored with this exact path, through the API (fails unless exactly one). */
export async function eventAtPath(rehook: TestRehook, path: string): Promise<EventJson> {
  const ids = await eventIdsByPath(rehook, path);
  assert.equal(ids.length, 1, `expected exactly one event at ${path}, found ${ids.length}`);
  return getEvent(rehook, ids[0] as string);
}

/** The stored body bytes of an event, read from the store (not through JSON). */
export async function storedBody(rehook: TestRehook, eventId: string): Promise<Buffer> {
  const event = await rehook.deps.store.events.findById(eventId);
  assert.ok(event, `event ${eventId} not found in the store`);
  return event.body;
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Values of the headers named `name` (case-insensitive), in order. */
export function headerValues(event: Pick<EventJson, 'headers'>, name: string): string[] {
  return event.headers.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
}

/** The ingest JSON error body shape: `{"error":{"code","message"}}`. */
export function assertErrorBody(text: string | Buffer, code: string): void {
  const body = JSON.parse(text.toString()) as { error?: { code?: unknown; message?: unknown } };
  assert.equal(body.error?.code, code, `error body: ${text.toString()}`);
  assert.equal(typeof body.error?.message, 'string');
}
