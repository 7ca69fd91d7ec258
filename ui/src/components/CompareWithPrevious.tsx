import { useState } from 'preact/hooks';
import { client, errorMessage, type EventSummary } from '../api.js';
import { previousOfSameType } from '../lib/compare.js';
import { pathBelowInbox } from '../lib/format.js';
import { Icon } from './Icon.js';

/**
 * "Compare with previous": the newest older request of the same type (lib/compare.ts: for now the
 * same method and path), looked up through the list's own filter, then compared with this one.
 */
export function CompareWithPrevious(props: {
  event: EventSummary;
  inboxId: string;
  onCompare: (fromId: string, toId: string) => void;
  onError: (message: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [none, setNone] = useState(false);
  const find = async () => {
    setBusy(true);
    props.onError(null);
    try {
      const { event } = props;
      // The path filter is a prefix: a page of candidates, the exact type picked here.
      const page = await client.events(props.inboxId, {
        before: event.id,
        limit: 100,
        filter: { method: event.method, path: pathBelowInbox(event.path, props.inboxId) },
      });
      const previous = previousOfSameType(event, page.events);
      if (previous === null) setNone(true);
      else props.onCompare(previous.id, event.id);
    } catch (err) {
      props.onError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      class="btn"
      disabled={busy || none}
      title={
        none
          ? 'No earlier request with the same method and path'
          : 'Compare with the previous request with the same method and path'
      }
      onClick={() => void find()}
    >
      <Icon name="filter" />
      <span class="btn-label">{none ? 'No previous of this type' : 'Compare with previous'}</span>
    </button>
  );
}
