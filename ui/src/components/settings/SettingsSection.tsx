import { type ComponentChildren, createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { useUnsavedChanges } from '../../lib/unsaved.js';
import { type InboxAccess, refusalOf } from '../../lib/inbox-access.js';
import { ErrorNote, Spinner } from '../notes.js';
import { Icon, type IconName } from '../Icon.js';
import { SubmitButton } from '../fields.js';
import '../forms.css';

/**
 * The caller's access to the inbox whose settings are shown: a form its role cannot change is
 * shown read-only, with the reason (the API's permissions, lib/inbox-access.ts).
 */
export const SettingsAccess = createContext<InboxAccess>({ role: null, replay: true, manage: true });

/**
 * One settings form as a card: title and what is stored now, then (once loaded) the form with
 * its description, fields, error or saved message, and actions ending with the save button.
 */
export function SettingsSection(props: {
  /** Names the card's test id (`<id>-settings`) and its title's element id. */
  id: 'response' | 'signature' | 'forwarding' | 'alerts' | 'event-types' | 'drift';
  icon: IconName;
  title: string;
  status: ComponentChildren;
  statusTestId?: string;
  loading: boolean;
  loadingLabel: string;
  description: ComponentChildren;
  error: string | null;
  saved: string | null;
  saveLabel: string;
  onSubmit: (event: Event) => void;
  /** Buttons before the save button. */
  actions: ComponentChildren;
  children: ComponentChildren;
}) {
  // Setting the response is part of replaying (members); everything else is managing.
  const refusal = refusalOf(useContext(SettingsAccess), props.id === 'response' ? 'replay' : 'manage');
  // Every settings form is this card, so its changes are noticed here, once, from the events its
  // fields send (typing, ticking, choosing); a change that worked (a save, a removal) clears them.
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  useEffect(() => {
    if (props.saved !== null) setChanged(false);
  }, [props.saved]);
  return (
    <section class="card settings-section" aria-labelledby={`${props.id}-title`} data-testid={`${props.id}-settings`}>
      <header class="card-head">
        <h3 id={`${props.id}-title`}>
          <Icon name={props.icon} /> {props.title}
        </h3>
        <span class="muted small" data-testid={props.statusTestId}>
          {props.status}
        </span>
      </header>
      {props.loading ? (
        <Spinner label={props.loadingLabel} />
      ) : (
        <form onSubmit={props.onSubmit} onInput={() => setChanged(true)} onChange={() => setChanged(true)}>
          <p class="muted small">{props.description}</p>
          {refusal !== null && (
            <p class="note" data-testid="settings-read-only">
              <Icon name="lock" /> <span>{refusal}</span>
            </p>
          )}
          <fieldset class="plain-fieldset" disabled={refusal !== null}>
            {props.children}
            <ErrorNote error={props.error} />
            {props.saved !== null && (
              <p class="note note-ok" role="status">
                <Icon name="check" /> <span>{props.saved}</span>
              </p>
            )}
            {refusal === null && (
              <div class="settings-actions">
                {props.actions}
                <SubmitButton icon="save" label={props.saveLabel} />
              </div>
            )}
          </fieldset>
        </form>
      )}
    </section>
  );
}
