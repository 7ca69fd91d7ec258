import { useState } from 'preact/hooks';
import { client, errorMessage, type ReplayJob, type ReplayJobResult } from '../api.js';
import { ErrorNote, Link, Spinner } from './common.js';
import { Icon } from './Icon.js';
import { usePolling } from './usePolling.js';
import { HistoryTable } from './HistoryTable.js';

/** Refresh a running job this often. */
const REFRESH_MS = 1000;
/** Results shown per job (the API pages them; the counts cover the rest). */
const RESULTS_SHOWN = 500;

/** The states after which a job changes no more. */
const FINAL = new Set<ReplayJob['state']>(['completed', 'cancelled', 'failed']);

const RESULT_COLUMNS = [
  { label: '#', num: true },
  { label: 'Request' },
  { label: 'Result' },
  { label: 'Latency', num: true },
] as const;

/** A job's state as a coloured badge (tests read data-state). */
export function JobState(props: { state: ReplayJob['state'] }) {
  const tone =
    props.state === 'completed'
      ? 'ok'
      : props.state === 'failed'
        ? 'bad'
        : props.state === 'cancelled'
          ? 'warn'
          : 'info';
  return (
    <span class={`status status-${tone}`} data-testid="job-state" data-state={props.state}>
      {props.state}
    </span>
  );
}

/** One job: progress, counts, each result; refreshed until it ends; cancel while it runs. */
export function JobView(props: { jobId: string; eventHref: (eventId: string) => string; onChange: () => void }) {
  const [job, setJob] = useState<ReplayJob | null>(null);
  const [results, setResults] = useState<ReplayJobResult[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  usePolling(
    () => client.replayJob(props.jobId, { resultsLimit: RESULTS_SHOWN }),
    {
      everyMs: REFRESH_MS,
      take: (page) => {
        setJob(page.job);
        setResults(page.results);
        setError(null);
        if (FINAL.has(page.job.state)) props.onChange();
        return !FINAL.has(page.job.state);
      },
      onError: (err) => setError(errorMessage(err)),
    },
    [props.jobId, version],
  );

  if (job === null) return error !== null ? <ErrorNote error={error} /> : <Spinner label="Loading the job" />;
  const percent = Math.round(job.progress * 100);
  return (
    <section class="card job" aria-labelledby="job-title" data-testid="replay-job">
      <header class="card-head">
        <h3 id="job-title">Job</h3>
        <JobState state={job.state} />
        <span class="mono small ellipsis">{job.destination}</span>
        <span class="spacer" />
        {!FINAL.has(job.state) && (
          <button
            type="button"
            class="btn btn-sm"
            onClick={async () => {
              try {
                setJob(await client.cancelReplayJob(job.id));
                setVersion((n) => n + 1);
              } catch (err) {
                setError(errorMessage(err));
              }
            }}
          >
            <Icon name="x" />
            <span>Cancel</span>
          </button>
        )}
      </header>
      <ErrorNote error={error} />
      {job.error !== null && <ErrorNote error={`${job.error.code}: ${job.error.message}`} />}
      <div class="progress-row">
        <progress max={100} value={percent} aria-label="Progress" />
        <span class="small" data-testid="job-counts">
          {job.counts.done} of {job.counts.total} done · {job.counts.succeeded} answered · {job.counts.failed} failed
        </span>
      </div>
      {results.length > 0 && (
        <HistoryTable testId="job-results" caption="Results in replay order" columns={RESULT_COLUMNS}>
          {results.map((result) => (
            <tr key={result.position}>
              <td class="num">{result.position + 1}</td>
              <td class="mono ellipsis">
                <Link href={props.eventHref(result.eventId)}>{result.eventId}</Link>
              </td>
              <td>
                {result.state === 'pending' ? (
                  <span class="muted small">pending</span>
                ) : result.statusCode !== null ? (
                  <span
                    class={`status status-${result.statusCode < 300 ? 'ok' : result.statusCode < 500 ? 'warn' : 'bad'}`}
                  >
                    {result.statusCode}
                  </span>
                ) : (
                  <span class="status status-bad">{result.errorCode ?? 'failed'}</span>
                )}
              </td>
              <td class="num">{result.latencyMs === null ? '—' : `${Math.round(result.latencyMs)} ms`}</td>
            </tr>
          ))}
        </HistoryTable>
      )}
      {job.counts.total > results.length && <p class="muted small">The first {results.length} results are shown.</p>}
    </section>
  );
}
