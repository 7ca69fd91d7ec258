import { useState } from 'preact/hooks';
import { type InboxView as Inbox, renameInbox } from '../../api.js';
import { Icon } from '../../components/Icon.js';
import { rememberInbox } from '../../lib/storage.js';
import { reportTo } from './report.js';
import { NameLengthNote, onText } from '../../components/fields.js';

/** The inbox's name (or id), renamed in place by its owner. */
export function InboxTitle(props: {
  inbox: Inbox;
  owned: boolean;
  onInboxChange: ((inbox: Inbox) => void) | undefined;
  onError: (message: string | null) => void;
}) {
  const { inbox } = props;
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(inbox.name ?? '');

  const rename = (event: Event) => {
    event.preventDefault();
    return reportTo(props.onError, async () => {
      const renamed = await renameInbox(inbox.id, name.trim() === '' ? null : name.trim());
      props.onInboxChange?.({ ...inbox, ...renamed });
      rememberInbox(renamed);
      setRenaming(false);
    });
  };

  if (renaming) {
    return (
      <form class="rename-form" onSubmit={rename}>
        <label for="inbox-name" class="visually-hidden">
          Inbox name
        </label>
        <input
          id="inbox-name"
          class="input"
          value={name}
          aria-describedby="inbox-name-length"
          placeholder="Name this inbox"
          onInput={onText(setName)}
          ref={(element) => element?.focus()}
        />
        <NameLengthNote id="inbox-name-length" value={name} />
        <button type="submit" class="btn btn-primary">
          Save name
        </button>
        <button type="button" class="btn btn-ghost" onClick={() => setRenaming(false)}>
          Cancel
        </button>
      </form>
    );
  }
  return (
    <h1 class="inbox-title">
      {inbox.name ? <span>{inbox.name}</span> : <span class="mono">{inbox.id}</span>}
      {props.owned && (
        <button
          type="button"
          class="btn btn-ghost btn-icon"
          aria-label="Rename the inbox"
          title="Rename"
          onClick={() => {
            setName(inbox.name ?? '');
            setRenaming(true);
          }}
        >
          <Icon name="edit" />
        </button>
      )}
    </h1>
  );
}
