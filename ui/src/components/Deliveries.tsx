import { useState } from 'preact/hooks';
import { client, errorMessage, type Delivery, type DeliveryAttempt } from '../api.js';
import { Time } from './Time.js';
import { ErrorNote, Spinner } from './notes.js';
import { Icon } from './Icon.js';
import { usePolling } from '../hooks/usePolling.js';
import { HistoryTable } from './HistoryTable.js';
import './Deliveries.css';

/** What the state badge does not already say; null where the badge says it all. */
const STATE_LABEL: Record<Delivery['state'], string | null> = {
  pending: 'Waiting for its next attempt',
  delivering: 'Being sent',
  delivered: null,
  failed: 'The attempts ran out',
  cancelled: null,
};

const STATE_TONE: Record<Delivery['state'], string> = {
  pending: 'info',
  delivering: 'info',
  delivered: 'ok',
  failed: 'bad',
  cancelled: 'warn',
};

/** Refresh while a delivery is unfinished. */
const REFRESH_MS = 1500;

const ATTEMPT_COLUMNS = [
  { label: '#', num: true, index: true },
  { label: 'When' },
  { label: 'Result' },
  { label: 'Latency', num: true },
  { label: 'Error' },
] as const;

/**
 * The event's automatic forwarding (docs/forwarding.md): its delivery's state and every attempt
 * (time, status, latency, error), refreshed while unfinished, and "retry" for a failed,
 * cancelled or delivered one (or "deliver now" for an event that was never queued).
 */
export function Deliveries(props: { eventId: string }) {
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);

  usePolling(
    () => client.deliveries(props.eventId),
    {
      everyMs: REFRESH_MS,
      take: (loaded) => {
        setDeliveries(loaded);
        setError(null);
        return loaded.some((delivery) => delivery.state === 'pending' || delivery.state === 'delivering');
      },
      onError: (err) => setError(errorMessage(err)),
    },
    [props.eventId, version],
  );

  const retry = async () => {
    setBusy(true);
    try {
      await client.retryDelivery(props.eventId);
      setError(null);
      setVersion((n) => n + 1);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (deliveries === null) return error !== null ? <ErrorNote error={error} /> : <Spinner label="Loading deliveries" />;
  const delivery = deliveries[0];
  return (
    <div class="deliveries" data-testid="deliveries">
      <ErrorNote error={error} />
      {delivery === undefined ? (
        <>
          <p class="muted small">
            This request was not forwarded: the inbox had no forwarding set (or it was paused) when it arrived. Set one
            in the inbox's settings, or deliver this one now to the inbox's forwarding destination.
          </p>
          <button type="button" class="btn" disabled={busy} onClick={retry}>
            <Icon name="forward" />
            <span>Deliver now</span>
          </button>
        </>
      ) : (
        <>
          <div class="delivery-head">
            <span
              class={`status status-${STATE_TONE[delivery.state]}`}
              data-testid="delivery-state"
              data-state={delivery.state}
            >
              {delivery.state}
            </span>
            {STATE_LABEL[delivery.state] !== null && <span class="small">{STATE_LABEL[delivery.state]}</span>}
            {delivery.nextAttemptAt !== null && delivery.state === 'pending' && (
              <span class="muted small">
                next attempt <Time iso={delivery.nextAttemptAt} />
              </span>
            )}
            <span class="spacer" />
            {(delivery.state === 'failed' || delivery.state === 'cancelled' || delivery.state === 'delivered') && (
              <button type="button" class="btn btn-sm" disabled={busy} onClick={retry}>
                <Icon name="forward" />
                <span>{delivery.state === 'delivered' ? 'Deliver again' : 'Retry delivery'}</span>
              </button>
            )}
          </div>
          {delivery.attemptLog.length === 0 ? (
            <p class="muted small">No attempt yet.</p>
          ) : (
            <HistoryTable
              testId="delivery-attempts"
              caption="Delivery attempts, oldest first"
              columns={ATTEMPT_COLUMNS}
            >
              {delivery.attemptLog.map((attempt) => (
                <tr key={attempt.number}>
                  <td class="num">{attempt.number}</td>
                  <td>
                    <Time iso={attempt.startedAt} />
                  </td>
                  <td>
                    <AttemptOutcome attempt={attempt} />
                  </td>
                  <td class="num">{attempt.latencyMs === null ? '—' : `${Math.round(attempt.latencyMs)} ms`}</td>
                  <td class="small wrap">{attempt.errorMessage ?? ''}</td>
                </tr>
              ))}
            </HistoryTable>
          )}
          <p class="muted small">
            Sent to{' '}
            <span class="mono">
              {delivery.attemptLog[delivery.attemptLog.length - 1]?.url ?? 'the forwarding destination'}
            </span>
          </p>
        </>
      )}
    </div>
  );
}

function AttemptOutcome(props: { attempt: DeliveryAttempt }) {
  const { attempt } = props;
  if (attempt.statusCode !== null) {
    const tone = attempt.statusCode < 300 ? 'ok' : attempt.statusCode < 500 ? 'warn' : 'bad';
    return <span class={`status status-${tone}`}>{attempt.statusCode}</span>;
  }
  return <span class={`status status-${attempt.outcome === 'abandoned' ? 'warn' : 'bad'}`}>{attempt.outcome}</span>;
}
