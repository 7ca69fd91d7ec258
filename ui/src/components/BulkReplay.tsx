import { useEffect, useState } from 'preact/hooks';
import { client, errorMessage, type InboxView as Inbox, type ReplayJob, type ReplayJobInput } from '../api.js';
import { describeFilter, filterParams, isEmptyFilter, jobFilter, type EventFilter } from '../lib/filter.js';
import { rememberReplayDestination, replayDestination } from '../lib/storage.js';
import { Time } from './Time.js';
import { ErrorNote, Spinner } from './notes.js';
import { CheckField, DestinationField, NumberInput, SubmitButton, Labelled } from './fields.js';
import { JobState, JobView } from './JobView.js';
import { PanelHead } from './PanelHead.js';
import './Deliveries.css';

/** A job's explicit event list holds at most this many ids (the API's limit). */
const MAX_IDS = 1000;

/**
 * Bulk replay (docs/bulk-replay.md): send the selected requests, or every request matching the
 * list's filter, to a destination, oldest first, at a rate and concurrency; watch the progress
 * and each result, cancel. The inbox's earlier jobs are listed below.
 */
export function BulkReplay(props: {
  inbox: Inbox;
  filter: EventFilter;
  selection: readonly string[];
  onClose: () => void;
  eventHref: (eventId: string) => string;
}) {
  const { inbox } = props;
  const [destination, setDestination] = useState(() => replayDestination(inbox.id));
  const [which, setWhich] = useState<'selection' | 'filter'>(props.selection.length > 0 ? 'selection' : 'filter');
  const [rate, setRate] = useState('10');
  const [concurrency, setConcurrency] = useState('1');
  const [resign, setResign] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [jobs, setJobs] = useState<ReplayJob[] | null>(null);
  const [jobsVersion, setJobsVersion] = useState(0);

  // "Replay selected" with the panel already open: the selection is what is meant.
  useEffect(() => setWhich(props.selection.length > 0 ? 'selection' : 'filter'), [props.selection.length]);

  useEffect(() => {
    let live = true;
    client.replayJobs(inbox.id).then(
      (loaded) => live && setJobs(loaded),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [inbox.id, jobsVersion]);

  const filtered = !isEmptyFilter(props.filter);

  /** The job's event set: ids of the selection, the filter as the job's own, or the ids the list API finds. */
  const eventsOf = async (): Promise<Omit<ReplayJobInput, 'destination'>> => {
    if (which === 'selection') {
      if (props.selection.length === 0) throw new Error('No request is selected: tick some in the list first.');
      if (props.selection.length > MAX_IDS) throw new Error(`At most ${MAX_IDS} selected requests per job.`);
      return { eventIds: [...props.selection] };
    }
    const own = jobFilter(props.filter);
    if (own !== null) return own;
    // Headers, text, JSON or several methods: the list API finds the ids.
    const ids: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await client.events(inbox.id, {
        limit: 1000,
        ...(before !== undefined ? { before } : {}),
        filter: filterParams(props.filter),
      });
      ids.push(...page.events.map((event) => event.id));
      if (ids.length > MAX_IDS)
        throw new Error(`More than ${MAX_IDS} requests match: narrow the filter (for example with since and until).`);
      if (page.nextBefore === null) break;
      before = page.nextBefore;
    }
    if (ids.length === 0) throw new Error('No request matches the filter.');
    return { eventIds: ids };
  };

  const start = async (submitted: Event) => {
    submitted.preventDefault();
    const target = destination.trim();
    if (target === '') return;
    setBusy(true);
    setError(null);
    try {
      const events = await eventsOf();
      rememberReplayDestination(inbox.id, target);
      const job = await client.createReplayJob(inbox.id, {
        destination: target,
        ...events,
        ratePerSecond: Number(rate),
        concurrency: Number(concurrency),
        ...(resign ? { resign: true } : {}),
      });
      setJobId(job.id);
      setJobsVersion((n) => n + 1);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="panel" data-testid="bulk-replay">
      <PanelHead icon="send" title="Replay many" closeLabel="Close" onClose={props.onClose} />
      <p class="muted small">
        The server sends each request to the destination, oldest first, as captured (method, headers, exact body), and
        keeps each result in the request's replay history. It goes on if you close this page.
      </p>
      <form class="card bulk-form" onSubmit={start}>
        <DestinationField
          id="bulk-destination"
          placeholder="https://staging.example.com/webhooks"
          value={destination}
          onChange={setDestination}
        />
        <fieldset class="choice">
          <legend class="label">Which requests</legend>
          <label class="check">
            <input
              type="radio"
              name="bulk-which"
              checked={which === 'selection'}
              disabled={props.selection.length === 0}
              onChange={() => setWhich('selection')}
            />
            <span>
              The selected ones ({props.selection.length})
              {props.selection.length === 0 && <span class="muted small"> — use “Select” above the list</span>}
            </span>
          </label>
          <label class="check">
            <input type="radio" name="bulk-which" checked={which === 'filter'} onChange={() => setWhich('filter')} />
            <span>
              {filtered
                ? `Every request matching the filter: ${describeFilter(props.filter)}`
                : 'Every request in the inbox (up to 10,000)'}
            </span>
          </label>
        </fieldset>
        <div class="edit-grid">
          <Labelled class="edit-field" id="bulk-rate" label="Per second">
            <NumberInput id="bulk-rate" min={0.1} max={100} step="any" value={rate} onChange={setRate} />
            <span class="muted small">0.1 to 100 sends started per second.</span>
          </Labelled>
          <Labelled class="edit-field" id="bulk-concurrency" label="At once">
            <NumberInput
              id="bulk-concurrency"
              min={1}
              max={10}
              step={1}
              value={concurrency}
              onChange={setConcurrency}
            />
            <span class="muted small">1 keeps the order: each send waits for the previous answer.</span>
          </Labelled>
        </div>
        <CheckField checked={resign} onChange={setResign}>
          Re-sign each request (fresh timestamp, the inbox's signature secret)
        </CheckField>
        <ErrorNote error={error} />
        <SubmitButton icon="send" label={busy ? 'Starting…' : 'Start replaying'} busy={busy} />
      </form>
      {jobId !== null && (
        <JobView
          key={jobId}
          jobId={jobId}
          inboxId={inbox.id}
          eventHref={props.eventHref}
          onChange={() => setJobsVersion((n) => n + 1)}
        />
      )}
      <section aria-labelledby="jobs-title">
        <h3 id="jobs-title" class="section-title">
          Earlier jobs
        </h3>
        {jobs === null ? (
          <Spinner label="Loading jobs" />
        ) : jobs.length === 0 ? (
          <p class="muted small">None yet.</p>
        ) : (
          <ul class="job-list">
            {jobs.map((job) => (
              <li key={job.id}>
                <button
                  type="button"
                  class="btn btn-ghost btn-sm job-item"
                  aria-pressed={job.id === jobId}
                  onClick={() => setJobId(job.id)}
                >
                  <JobState state={job.state} failed={job.counts.failed} />
                  <span class="mono ellipsis">{job.destination}</span>
                  <span class="muted small">
                    {job.counts.done}/{job.counts.total} · <Time iso={job.createdAt} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
