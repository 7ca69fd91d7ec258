import { toMs } from './duration.js';
import { type ApiTransport, dataOf, id, isObject, searchOf } from './transport.js';
import type { Duration, ReplayJob, ReplayJobInput, ReplayJobPage } from './types.js';

/** How waitForReplayJob polls. */
export interface WaitForReplayJobOptions {
  readonly timeout?: Duration;
  readonly interval?: Duration;
  readonly onProgress?: (job: ReplayJob) => void;
  readonly signal?: AbortSignal;
}

export async function createReplayJob(api: ApiTransport, inboxId: string, input: ReplayJobInput): Promise<ReplayJob> {
  return (await api.data('POST', `/api/v1/inboxes/${id(inboxId)}/replays`, 'job', input)) as ReplayJob;
}

export async function replayJob(
  api: ApiTransport,
  jobId: string,
  options: { readonly resultsAfter?: number; readonly resultsLimit?: number },
): Promise<ReplayJobPage> {
  const query = new URLSearchParams();
  if (options.resultsAfter !== undefined) query.set('resultsAfter', String(options.resultsAfter));
  if (options.resultsLimit !== undefined) query.set('resultsLimit', String(options.resultsLimit));
  const response = await api.send('GET', `/api/v1/replay-jobs/${id(jobId)}${searchOf(query)}`);
  const data = await dataOf(response, (data) => isObject(data['job']) && Array.isArray(data['results']));
  return data as unknown as ReplayJobPage;
}

export async function replayJobs(api: ApiTransport, inboxId: string): Promise<ReplayJob[]> {
  return (await api.data('GET', `/api/v1/inboxes/${id(inboxId)}/replay-jobs`, 'jobs')) as ReplayJob[];
}

export async function cancelReplayJob(api: ApiTransport, jobId: string): Promise<ReplayJob> {
  return (await api.data('DELETE', `/api/v1/replay-jobs/${id(jobId)}`, 'job')) as ReplayJob;
}

export async function waitForReplayJob(
  api: ApiTransport,
  jobId: string,
  options: WaitForReplayJobOptions,
): Promise<ReplayJob> {
  const deadline = options.timeout === undefined ? Number.POSITIVE_INFINITY : Date.now() + toMs(options.timeout);
  const intervalMs = toMs(options.interval ?? 500);
  for (;;) {
    const { job } = await replayJob(api, jobId, { resultsLimit: 1 });
    options.onProgress?.(job);
    if (job.state === 'completed' || job.state === 'cancelled' || job.state === 'failed') return job;
    if (Date.now() >= deadline) throw new Error(`replay job ${jobId} is still ${job.state} after the timeout`);
    options.signal?.throwIfAborted();
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
}
