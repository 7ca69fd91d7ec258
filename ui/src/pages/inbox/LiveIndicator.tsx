import type { LiveStatus } from '../../lib/live.js';

const STATUS_LABEL: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline, retrying…',
};

/** Whether new requests arrive live, for people and for tests (data-status). */
export function LiveIndicator(props: { status: LiveStatus }) {
  return (
    <span class={`live live-${props.status}`} role="status" data-testid="live-status" data-status={props.status}>
      <span class="live-dot" aria-hidden="true" />
      {STATUS_LABEL[props.status]}
    </span>
  );
}
