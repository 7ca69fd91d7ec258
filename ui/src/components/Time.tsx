import { useTick } from '../hooks/useTick.js';
import { formatExact, formatRelative } from '../lib/format.js';
import { renderNow } from '../lib/render-clock.js';

/** Relative time ("5m ago") with the exact time on hover; re-rendered by the ticker. */
export function Time(props: { iso: string; class?: string }) {
  useTick();
  return (
    <time class={props.class} dateTime={props.iso} title={formatExact(props.iso)}>
      {formatRelative(props.iso, renderNow())}
    </time>
  );
}
