import type { ReplayJob, ReplayJobResult } from '../../client/types.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { EXIT, ExitError } from '../exit.js';
import { cleanLine, json, keyValues, orDash, table } from '../format.js';
import type { CliIO } from '../io.js';

export interface ReplayJobOptions extends ClientOptions {
  readonly jobId: string;
  /** Cancel the job first (a finished job stays as it is). */
  readonly cancel: boolean;
  /** Poll until the job has finished, printing its progress to stderr. */
  readonly wait: boolean;
}

/** What the destination answered, by class, e.g. `2xx 3, 5xx 2, unreachable 1` (empty classes left out). */
export function outcomeSummary(job: ReplayJob): string {
  const o = job.counts.outcomes;
  const parts = (
    [
      ['2xx', o.status2xx],
      ['3xx', o.status3xx],
      ['4xx', o.status4xx],
      ['5xx', o.status5xx],
      ['unreachable', o.unreachable],
    ] as const
  )
    .filter(([, n]) => n > 0)
    .map(([label, n]) => `${label} ${n}`);
  return parts.length === 0 ? 'none yet' : parts.join(', ');
}

/** The job's state and counts, one `key value` per line. */
export function jobSummary(job: ReplayJob): string {
  const { total, done, succeeded, failed } = job.counts;
  return keyValues([
    ['job', job.id],
    ['state', job.state],
    ['progress', `${done}/${total} (${Math.round(job.progress * 100)}%)`],
    ['outcomes', outcomeSummary(job)],
    ['succeeded', `${succeeded} (answered below 400)`],
    ['failed', `${failed} (answered 400 or above, or no answer)`],
    ['destination', cleanLine(job.destination)],
    ['rate', `${job.ratePerSecond}/s, ${job.concurrency} at a time`],
    ['re-signed', job.resign ? 'yes' : 'no'],
    ...(job.error === null ? [] : ([['error', `${job.error.code}: ${cleanLine(job.error.message)}`]] as const)),
  ]);
}

/** One progress line, for stderr while waiting. */
export function progressLine(job: ReplayJob): string {
  const { total, done, failed } = job.counts;
  return `${job.id} ${job.state} ${done}/${total} (${outcomeSummary(job)}; failed ${failed})`;
}

/** Polls until the job has finished; prints a progress line to stderr whenever it changed. */
export async function waitForJob(options: ClientOptions, jobId: string, io: CliIO): Promise<ReplayJob> {
  let last = '';
  return clientFor(options).waitForReplayJob(jobId, {
    interval: 500,
    onProgress: (job) => {
      const line = progressLine(job);
      if (line !== last) io.stderr(line);
      last = line;
    },
  });
}

/**
 * Exit 1 unless the job completed (a failed or cancelled job did not replay everything); exit 3
 * when it completed with failed sends (an answer of 400 or above, or none).
 */
export function exitForState(job: ReplayJob): void {
  if (job.state === 'failed' || job.state === 'cancelled') {
    throw new ExitError(EXIT.FAILURE, `replay job ${job.id} ${job.state}${job.error ? `: ${job.error.code}` : ''}`);
  }
  if (job.counts.failed > 0) {
    throw new ExitError(
      EXIT.REJECTED,
      `replay job ${job.id} completed with ${job.counts.failed} of ${job.counts.total} failed (exit ${EXIT.REJECTED})`,
    );
  }
}

async function allResults(
  options: ClientOptions,
  jobId: string,
): Promise<{ job: ReplayJob; results: ReplayJobResult[] }> {
  const client = clientFor(options);
  const first = await client.replayJob(jobId, { resultsLimit: 1000 });
  const results = [...first.results];
  let next = first.nextResultsAfter;
  while (next !== null) {
    const page = await client.replayJob(jobId, { resultsLimit: 1000, resultsAfter: next });
    results.push(...page.results);
    next = page.nextResultsAfter;
  }
  return { job: first.job, results };
}

/**
 * `rehook replay-job <jobId> [--cancel] [--wait]`: a bulk replay job's state, counts and every
 * result (one row per event, in replay order). With --json: `{job, results}`.
 */
export async function run(options: ReplayJobOptions, io: CliIO): Promise<void> {
  if (options.cancel) await clientFor(options).cancelReplayJob(options.jobId);
  if (options.wait) await waitForJob(options, options.jobId, io);
  const { job, results } = await allResults(options, options.jobId);
  if (options.json) {
    io.stdout(json({ job, results }));
  } else {
    io.stdout(jobSummary(job));
    if (results.length > 0) {
      io.stdout('');
      io.stdout(
        table(
          ['#', 'REQUEST', 'EVENT', 'STATUS', 'LATENCY', 'ERROR', 'REPLAY'],
          results.map((r) => [
            String(r.position),
            r.method === null || r.path === null ? '(deleted)' : cleanLine(`${r.method} ${r.path}`),
            r.eventId,
            r.state === 'pending' ? 'pending' : orDash(r.statusCode === null ? null : String(r.statusCode)),
            r.latencyMs === null ? '-' : `${r.latencyMs} ms`,
            orDash(r.errorCode),
            orDash(r.replayId),
          ]),
        ),
      );
    }
  }
  if (options.wait) exitForState(job);
}
