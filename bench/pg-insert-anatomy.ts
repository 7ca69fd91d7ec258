// Where a PostgreSQL batch insert's time goes on the database's side: the store's statement for
// one batch under EXPLAIN (ANALYZE, BUFFERS, WAL) (planning, execution, each part of the
// statement), the round trip of an empty statement, and the COMMIT's WAL flush (the same insert
// committed with synchronous_commit on, then, for this measurement only, off). Every explained
// insert is rolled back; the committed ones stay in the bench's schema.
import type { Pool, PoolClient } from 'pg';
import { buildBatchInsert } from '../src/storage/postgres/group-commit.js';
import { benchEventRows } from './pg-event-rows.js';

export interface InsertAnatomy {
  /** Rows per explained batch. */
  readonly rows: number;
  readonly samples: number;
  /** Medians, in milliseconds. */
  readonly planningMs: number;
  readonly executionMs: number;
  /** Inclusive time of each top part of the statement (CTE or main plan), median ms. */
  readonly parts: Readonly<Record<string, number>>;
  readonly walBytesPerRow: number;
  readonly sharedBuffersPerRow: number;
  /** Round trip of `SELECT 1`, median ms. */
  readonly emptyRoundTripMs: number;
  /** The insert alone in an open transaction, then its COMMIT, median ms each. */
  readonly insertMs: number;
  readonly commitMs: number;
  /** The same COMMIT with synchronous_commit off (no WAL flush waited for; measurement only). */
  readonly commitNoFlushMs: number;
}

interface PlanNode {
  'Node Type': string;
  'Actual Total Time'?: number;
  'Actual Loops'?: number;
  'Subplan Name'?: string;
  'Parent Relationship'?: string;
  'WAL Bytes'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

interface Explained {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function timed<T>(run: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The anatomy of one batch of `rows` events into `inboxId`, median of `samples` tries each. */
export async function insertAnatomy(
  pool: Pool,
  opts: { inboxId: string; rows: number; samples: number },
): Promise<InsertAnatomy> {
  const next = benchEventRows(opts.inboxId);
  const batch = (): ReturnType<typeof buildBatchInsert> =>
    buildBatchInsert(Array.from({ length: opts.rows }, () => next().values));
  const client: PoolClient = await pool.connect();
  try {
    const plans: Explained[] = [];
    const empty: number[] = [];
    const insert: number[] = [];
    const commit: number[] = [];
    const commitNoFlush: number[] = [];
    for (let i = 0; i < opts.samples; i += 1) {
      const statement = batch();
      await client.query('BEGIN');
      const explained = await client.query<{ 'QUERY PLAN': Explained[] }>({
        text: `EXPLAIN (ANALYZE, BUFFERS, WAL, FORMAT JSON) ${statement.text}`,
        values: statement.values,
      });
      await client.query('ROLLBACK');
      const plan = explained.rows[0]?.['QUERY PLAN'][0];
      if (plan !== undefined) plans.push(plan);
      empty.push(await timed(() => client.query('SELECT 1')));
      for (const flush of [true, false]) {
        await client.query('BEGIN');
        // Measurement only: Rehook never turns the flush off (see docs/deployment.md).
        if (!flush) await client.query('SET LOCAL synchronous_commit = off');
        insert.push(await timed(() => client.query(batch())));
        (flush ? commit : commitNoFlush).push(await timed(() => client.query('COMMIT')));
      }
    }
    const parts = new Map<string, number[]>();
    for (const plan of plans) {
      for (const node of plan.Plan.Plans ?? []) {
        const name = node['Subplan Name'] ?? `${node['Parent Relationship'] ?? ''} ${node['Node Type']}`.trim();
        const ms = (node['Actual Total Time'] ?? 0) * (node['Actual Loops'] ?? 1);
        parts.set(name, [...(parts.get(name) ?? []), ms]);
      }
    }
    const perRow = (f: (p: Explained) => number): number => median(plans.map(f)) / opts.rows;
    return {
      rows: opts.rows,
      samples: plans.length,
      planningMs: median(plans.map((p) => p['Planning Time'])),
      executionMs: median(plans.map((p) => p['Execution Time'])),
      parts: Object.fromEntries([...parts].map(([name, ms]) => [name, median(ms)])),
      // The top node's counters include its children's.
      walBytesPerRow: perRow((p) => p.Plan['WAL Bytes'] ?? 0),
      sharedBuffersPerRow: perRow((p) => (p.Plan['Shared Hit Blocks'] ?? 0) + (p.Plan['Shared Read Blocks'] ?? 0)),
      emptyRoundTripMs: median(empty),
      insertMs: median(insert),
      commitMs: median(commit),
      commitNoFlushMs: median(commitNoFlush),
    };
  } finally {
    client.release();
  }
}

export function formatAnatomy(a: InsertAnatomy): string {
  const ms = (x: number): string => `${x.toFixed(2)} ms`;
  return [
    `PostgreSQL's side of one batch of ${a.rows} events (medians of ${a.samples}):`,
    `  EXPLAIN ANALYZE: planning ${ms(a.planningMs)}, execution ${ms(a.executionMs)}`,
    ...Object.entries(a.parts).map(([name, t]) => `    ${name.padEnd(28)} ${ms(t)}`),
    `  WAL ${Math.round(a.walBytesPerRow)} bytes/row, ${a.sharedBuffersPerRow.toFixed(1)} shared buffers/row`,
    `  round trip of SELECT 1: ${ms(a.emptyRoundTripMs)}`,
    `  insert in an open transaction: ${ms(a.insertMs)}; its COMMIT: ${ms(a.commitMs)} (WAL flush),` +
      ` ${ms(a.commitNoFlushMs)} with synchronous_commit off (measurement only)`,
    '',
  ].join('\n');
}

/**
 * Events and batches the bench's schema received, from PostgreSQL's table statistics (read after
 * the server's connections closed, so every backend has reported): rows inserted into the event
 * partitions, and the inbox counter's upserts (one per batch and inbox).
 */
export async function batchesSeen(pool: Pool): Promise<{ events: number; batches: number }> {
  const { rows } = await pool.query<{ events: string; batches: string }>(
    `SELECT coalesce(sum(n_tup_ins) FILTER (WHERE relname LIKE 'events\\_%'), 0) AS events,
       coalesce(sum(n_tup_ins + n_tup_upd) FILTER (WHERE relname = 'inbox_counters'), 0) AS batches
     FROM pg_stat_user_tables WHERE schemaname = current_schema()`,
  );
  return { events: Number(rows[0]?.events ?? 0), batches: Number(rows[0]?.batches ?? 0) };
}
