import { useState } from 'preact/hooks';
import { client, errorMessage, type ReplayJob, type ReplayJobResult } from '../api.js';
import { Link } from './Link.js';
import { ErrorNote, Spinner } from './notes.js';
import { Icon } from './Icon.js';
import { usePolling } from '../hooks/usePolling.js';
import { HistoryTable } from './HistoryTable.js';
import { methodClass, pathBelowInbox } from '../lib/format.js';
import './Deliveries.css';

/** Refresh a running job this often. */
const REFRESH_MS = 1000;
/** Results shown per job (the API pages them; the counts cover the rest). */
const RESULTS_SHOWN = 500;

/** The states after which a job changes no more. */
const FINAL = new Set<ReplayJob['state']>(['completed', 'cancelled', 'failed']);

const RESULT_COLUMNS = [
  { label: '#', num: true, index: true },
  { label: 'Request' },
  { label: 'Result' },
  { label: 'Latency', num: true },
] as const;

/**
 * A job's state as a coloured badge (tests read data-state). A job that completed with failed
 * sends (a 4xx or 5xx answer, or none) is not shown green: it says how many failed.
 */
export function JobState(props: { state: ReplayJob['state']; failed?: number }) {
  const failed = props.failed ?? 0;
  const tone =
    props.state === 'completed'
      ? failed > 0
        ? 'warn'
        : 'ok'
      : props.state === 'failed'
        ? 'bad'
        : props.state === 'cancelled'
          ? 'warn'
          : 'info';
  return (
    <span class={`status status-${tone}`} data-testid="job-state" data-state={props.state} data-tone={tone}>
      {props.state === 'completed' && failed > 0 ? `completed, ${failed} failed` : props.state}
    </span>
  );
}

const OUTCOME_CLASSES = [
  { key: 'status2xx', label: '2xx', tone: 'ok' },
  { key: 'status3xx', label: '3xx', tone: 'info' },
  { key: 'status4xx', label: '4xx', tone: 'warn' },
  { key: 'status5xx', label: '5xx', tone: 'bad' },
  { key: 'unreachable', label: 'unreachable', tone: 'bad' },
] as const;

/** What the destination answered, by class: a 500 is an answer, but not a success to show green. */
function JobOutcomes(props: { outcomes: ReplayJob['counts']['outcomes'] }) {
  return (
    <ul class="job-outcomes" data-testid="job-outcomes" aria-label="Destination outcomes">
      {OUTCOME_CLASSES.map(({ key, label, tone }) => {
        const count = props.outcomes[key];
        return (
          <li key={key} data-outcome={label} class={count === 0 ? 'muted' : ''}>
            <span class={count === 0 ? 'status' : `status status-${tone}`}>{label}</span> {count}
          </li>
        );
      })}
    </ul>
  );
}

/** One job: progress, counts, each result; refreshed until it ends; cancel while it runs. */
export function JobView(props: {
  jobId: string;
  inboxId: string;
  eventHref: (eventId: string) => string;
  onChange: () => void;
}) {
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
        <JobState state={job.state} failed={job.counts.failed} />
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
          {job.counts.done} of {job.counts.total} done · {job.counts.succeeded} succeeded ·{' '}
          <span class={job.counts.failed > 0 ? 'status status-bad' : ''} data-testid="job-failed">
            {job.counts.failed} failed
          </span>
          {job.resign && ' · re-signed'}
        </span>
      </div>
      <JobOutcomes outcomes={job.counts.outcomes} />
      {results.length > 0 && (
        <HistoryTable testId="job-results" caption="Results in replay order" columns={RESULT_COLUMNS}>
          {results.map((result) => (
            <tr key={result.position}>
              <td class="num">{result.position + 1}</td>
              <td class="mono ellipsis">
                <Link href={props.eventHref(result.eventId)} title={result.eventId}>
                  {result.method === null || result.path === null ? (
                    <span class="muted">deleted request</span>
                  ) : (
                    <>
                      <span class={methodClass(result.method)}>{result.method}</span>{' '}
                      {pathBelowInbox(result.path, props.inboxId)}
                    </>
                  )}
                </Link>
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
