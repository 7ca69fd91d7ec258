import { useState } from 'preact/hooks';
import { client, errorMessage, type EventSummary } from '../api.js';
import { previousWording } from '../lib/compare.js';
import { Icon } from './Icon.js';

/**
 * "Compare with previous": the server finds the newest older request of the same event type (of
 * the same method and path while this one has no type), then it is compared with this one. The
 * caption handed on says which rule found it, from the server's answer (the type may have been
 * learned since this request was loaded).
 */
export function CompareWithPrevious(props: {
  event: EventSummary;
  onCompare: (fromId: string, toId: string, caption: string) => void;
  onError: (message: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [none, setNone] = useState<string | null>(null);
  const find = async () => {
    setBusy(true);
    props.onError(null);
    try {
      const found = await client.previousOfType(props.event.id);
      const wording = previousWording(found.eventType);
      if (found.event === null) setNone(`No earlier request found: ${wording.caption.toLowerCase()}`);
      else props.onCompare(found.event.id, props.event.id, wording.caption);
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
      disabled={busy || none !== null}
      title={none ?? previousWording(props.event.eventType).title}
      onClick={() => void find()}
    >
      <Icon name="compare" />
      <span class="btn-label">{none !== null ? 'No previous of this type' : 'Compare with previous'}</span>
    </button>
  );
}
