import type { ReplayJobInput } from '../../client/types.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { json } from '../format.js';
import type { CliIO } from '../io.js';
import { exitForState, jobSummary, waitForJob } from './replay-job.js';

export interface ReplayAllOptions extends ClientOptions {
  readonly inboxId: string;
  /** Destination URL. */
  readonly to: string;
  /** Explicit events (--event, repeatable); otherwise the filters below choose. */
  readonly eventIds: readonly string[];
  readonly since: string | undefined;
  readonly until: string | undefined;
  readonly method: string | undefined;
  readonly pathPrefix: string | undefined;
  readonly rate: number | undefined;
  readonly concurrency: number | undefined;
  /** Poll until the job has finished (exit 1 when it failed or was cancelled, 3 when sends failed). */
  readonly wait: boolean;
  /** Re-sign each send with the inbox's secret and a fresh timestamp (as `rehook replay --resign`). */
  readonly resign: boolean;
}

/**
 * `rehook replay-all <inboxId> --to URL [filters]`: starts a bulk replay job on the server and
 * prints it; with --wait, follows it to the end (progress on stderr) and prints the outcome.
 */
export async function run(options: ReplayAllOptions, io: CliIO): Promise<void> {
  const input: ReplayJobInput = {
    destination: options.to,
    ...(options.eventIds.length > 0 ? { eventIds: [...options.eventIds] } : {}),
    ...(options.since === undefined ? {} : { since: options.since }),
    ...(options.until === undefined ? {} : { until: options.until }),
    ...(options.method === undefined ? {} : { method: options.method }),
    ...(options.pathPrefix === undefined ? {} : { pathPrefix: options.pathPrefix }),
    ...(options.rate === undefined ? {} : { ratePerSecond: options.rate }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.resign ? { resign: true } : {}),
  };
  const created = await clientFor(options).createReplayJob(options.inboxId, input);
  const job = options.wait ? await waitForJob(options, created.id, io) : created;
  if (options.json) io.stdout(json({ job }));
  else {
    io.stdout(jobSummary(job));
    if (!options.wait) io.stdout(`\nFollow it with: rehook replay-job ${job.id} --wait`);
  }
  if (options.wait) exitForState(job);
}
