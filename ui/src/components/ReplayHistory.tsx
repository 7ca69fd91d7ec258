import type { Replay } from '../api.js';
import { Time } from './Time.js';
import { Spinner } from './notes.js';
import { Outcome } from './ReplayResult.js';
import { DestinationUrl } from './DestinationUrl.js';
import { HistoryTable } from './HistoryTable.js';
import './ReplayHistory.css';

const REPLAY_COLUMNS = [
  { label: 'When' },
  { label: 'Destination' },
  { label: 'Result' },
  { label: 'Latency', num: true },
  { label: 'Details', hidden: true },
] as const;

/** The event's replays, newest first; "Show" puts one in the result view. */
export function ReplayHistory(props: {
  history: Replay[] | null;
  error: string | null;
  shownId: string | null;
  onShow: (replay: Replay) => void;
}) {
  const { history } = props;
  return (
    <section class="replay-history" aria-labelledby="replay-history-title">
      <h3 id="replay-history-title" class="section-title">
        History
      </h3>
      {props.error !== null ? (
        <p class="muted small">{props.error}</p>
      ) : history === null ? (
        <Spinner label="Loading the replay history" />
      ) : history.length === 0 ? (
        <p class="muted small">No replays of this event yet.</p>
      ) : (
        <HistoryTable
          testId="replay-history"
          caption="Replays of this event, newest first"
          columns={REPLAY_COLUMNS}
          class="history-stackable"
        >
          {history.map((replay) => (
            <tr key={replay.id} class={props.shownId === replay.id ? 'is-selected' : ''}>
              <td>
                <Time iso={replay.createdAt} />
              </td>
              <td class="replay-destination-cell">
                <DestinationUrl url={replay.request?.url ?? replay.destination} />
                {(replay.request?.edited || replay.request?.resigned || replay.jobId !== null) && (
                  <span class="replay-tags">
                    {replay.request?.edited && <span class="tag">edited</span>}
                    {replay.request?.resigned && <span class="tag">re-signed</span>}
                    {replay.jobId !== null && <span class="tag">bulk</span>}
                  </span>
                )}
              </td>
              <td>
                <Outcome replay={replay} />
              </td>
              <td class="num">{replay.latencyMs === null ? '—' : `${Math.round(replay.latencyMs)} ms`}</td>
              <td>
                <button
                  type="button"
                  class="btn btn-ghost btn-sm"
                  onClick={() => props.onShow(replay)}
                  aria-label={`Show replay ${replay.id}`}
                >
                  Show
                </button>
              </td>
            </tr>
          ))}
        </HistoryTable>
      )}
    </section>
  );
}
