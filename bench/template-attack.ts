// `npm run bench:template-attack`: the ingest latency of ordinary inboxes, quiet and while an
// attacker's templated answers render in a loop (templates that run far past the render time
// limit in one step, so every render ends with its thread terminated). Rehook runs from dist/ as
// its own process (`rehook serve`); this process sends both loads. The figure is the ratio of the
// two p99s from one run (decision 57: it must stay within 2x).
//
//   npm run build && npx tsx bench/template-attack.ts [--seconds 10] [--rounds 3] [--rate 200] [--attack-rate 20]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { log } from './log.js';
import { findRepoRoot, parseRehookUrls, spawnNode } from './processes.js';
import { LIMITS_OFF } from './servers.js';
import { summarizeLatencies } from './stats.js';

/** One output, fourteen filters over a million items: one step of seconds, in little memory. */
const LONG_STEP = `{{ (1..1000000)${' | where: "a", nil'.repeat(14)} | size }}`;
const VICTIM_INBOXES = 20;
const ATTACKER_INBOXES = 200;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at < 0 ? Number.NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function anonymousInbox(apiUrl: string, response?: unknown): Promise<string> {
  const created = await json<{ data: { inbox: { id: string } } }>(`${apiUrl}/api/v1/inboxes`, { method: 'POST' });
  const id = created.data.inbox.id;
  if (response !== undefined) {
    await json(`${apiUrl}/api/v1/inboxes/${id}/response`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(response),
    });
  }
  return id;
}

/**
 * Sends `rate` requests per second for `seconds`, round-robin over `inboxes`, whatever the
 * answers' speed (an open loop: a slow server does not slow the senders), and times each one.
 */
async function victimLoad(pool: Pool, inboxes: readonly string[], rate: number, seconds: number): Promise<Latencies> {
  const latencies: number[] = [];
  let failures = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    inFlight.push(
      pool
        .request({
          method: 'POST',
          path: `/i/${inboxes[i % inboxes.length]}/orders`,
          headers: { 'content-type': 'application/json' },
          body: `{"order":${i}}`,
        })
        .then(async (res) => {
          await res.body.dump();
          if (res.statusCode !== 200) failures += 1;
          else latencies.push(performance.now() - sent);
        })
        .catch(() => {
          failures += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  return { latencies, failures };
}

/**
 * The attacker: `rate` requests per second to its templated inbox, each render running until its
 * thread is terminated; more than the render threads can take, so they never rest and the queue
 * stays full. Paced (not as fast as answers come back): this measures the renders, where a flood
 * of requests would measure the ingest path itself (which the per-inbox rate limit is for). Over
 * many inboxes, so that the cooldown of an inbox whose render was stopped does not end the attack.
 */
function attackLoop(pool: Pool, inboxes: readonly string[], rate: number, stop: AbortSignal) {
  const counts = { sent: 0, answered: 0, failures: 0 };
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    if (stop.aborted) return;
    counts.sent += 1;
    const request: Promise<void> = pool
      .request({ method: 'POST', path: `/i/${inboxes[counts.sent % inboxes.length]}/attack`, body: '{}' })
      .then(async (res) => {
        await res.body.dump();
        counts.answered += 1;
      })
      .catch(() => {
        counts.failures += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }, 1000 / rate);
  stop.addEventListener('abort', () => clearInterval(timer), { once: true });
  return { counts, settled: () => Promise.all([...inFlight]) };
}

type Latencies = { latencies: number[]; failures: number };

function summary(runs: readonly Latencies[]) {
  const latencies = Float64Array.from(runs.flatMap((run) => run.latencies)).sort();
  return {
    ...summarizeLatencies(latencies),
    ok: latencies.length,
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
  };
}

/** How the attacker's renders ended, from its newest events (the error each records, shortened). */
async function renderOutcomes(
  apiUrl: string,
  inboxes: readonly string[],
): Promise<{ total: number; byError: Record<string, number> }> {
  const byError: Record<string, number> = {};
  let total = 0;
  for (const inbox of inboxes) {
    const list = await json<Array<{ answer: { error?: string } | null }>>(`${apiUrl}/api/v1/inboxes/${inbox}/events`);
    total += list.length;
    for (const event of list) {
      const error = (event.answer?.error ?? 'rendered').replace(/^default answer: /, '').replace(/ \(.*$|;.*$/, '');
      byError[error] = (byError[error] ?? 0) + 1;
    }
  }
  return { total, byError };
}

async function main(): Promise<void> {
  const seconds = option('seconds', 10);
  const rounds = option('rounds', 3);
  const rate = option('rate', 200);
  const attackRate = option('attack-rate', 20);
  const repo = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-bench-template-'));
  const { proc, value } = await spawnNode(
    'rehook',
    [join(repo, 'dist/src/cli/index.js'), 'serve', '--port', '0', '--ingest-port', '0', '--data-dir', dataDir],
    {
      cwd: repo,
      // Info: the first log line names the bound URLs (request logging is off in Rehook).
      env: { ...process.env, ...LIMITS_OFF, REHOOK_LOG_LEVEL: 'info', REHOOK_LOG_FORMAT: 'json', DATABASE_URL: '' },
      match: parseRehookUrls,
    },
  );
  const victims = new Pool(value.ingestUrl, { connections: 32, pipelining: 1 });
  const attack = new Pool(value.ingestUrl, { connections: 64, pipelining: 1 });
  try {
    const victimInboxes = await Promise.all(Array.from({ length: VICTIM_INBOXES }, () => anonymousInbox(value.apiUrl)));
    const attackers = await Promise.all(
      Array.from({ length: ATTACKER_INBOXES }, () => anonymousInbox(value.apiUrl, { body: LONG_STEP, template: true })),
    );
    log(`warming up (${rate} req/s for 3 s)...`);
    await victimLoad(victims, victimInboxes, rate, 3);
    // Quiet and attacked alternate, so that what else the machine does weighs on both alike.
    const quietRuns: Latencies[] = [];
    const attackedRuns: Latencies[] = [];
    const attacks = { sent: 0, answered: 0, failures: 0 };
    for (let round = 1; round <= rounds; round += 1) {
      log(`round ${round}/${rounds}: quiet, ${rate} req/s over ${VICTIM_INBOXES} inboxes for ${seconds} s...`);
      quietRuns.push(await victimLoad(victims, victimInboxes, rate, seconds));
      log(`round ${round}/${rounds}: the same while an attacker sends ${attackRate} never-ending renders/s...`);
      const stop = new AbortController();
      const loop = attackLoop(attack, attackers, attackRate, stop.signal);
      attackedRuns.push(await victimLoad(victims, victimInboxes, rate, seconds));
      stop.abort();
      await loop.settled();
      attacks.sent += loop.counts.sent;
      attacks.answered += loop.counts.answered;
      attacks.failures += loop.counts.failures;
    }
    const quiet = summary(quietRuns);
    const attacked = summary(attackedRuns);
    const killed = await renderOutcomes(value.apiUrl, attackers);
    const ratio = attacked.p99 / quiet.p99;
    const row = (name: string, r: typeof quiet) =>
      `| ${name} | ${r.ok} | ${r.failures} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(1)} |`;
    process.stdout.write(
      [
        '',
        `Ingest of other inboxes, ${rate} req/s, ${rounds} x ${seconds} s per phase (milliseconds):`,
        '',
        '| phase | answered 200 | failed | p50 | p99 | max |',
        '|---|---|---|---|---|---|',
        row('quiet', quiet),
        row('attacked', attacked),
        '',
        `attacker requests: ${attacks.sent} sent, ${attacks.answered} answered, ${attacks.failures} failed; ` +
          `outcomes of its ${killed.total} events: ${Object.entries(killed.byError)
            .map(([error, n]) => `${n} ${error}`)
            .join(', ')}`,
        `p99 attacked / quiet: ${ratio.toFixed(2)}x (must stay within 2x)`,
        '',
      ].join('\n'),
    );
  } finally {
    await victims.close();
    await attack.close();
    await proc.stop(10_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
