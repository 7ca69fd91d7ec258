import type { ComponentChildren } from 'preact';
import { ErrorNote, Spinner } from '../common.js';
import { Icon, type IconName } from '../Icon.js';
import { SubmitButton } from '../fields.js';

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
        <form onSubmit={props.onSubmit}>
          <p class="muted small">{props.description}</p>
          {props.children}
          <ErrorNote error={props.error} />
          {props.saved !== null && (
            <p class="note note-ok" role="status">
              <Icon name="check" /> <span>{props.saved}</span>
            </p>
          )}
          <div class="settings-actions">
            {props.actions}
            <SubmitButton icon="save" label={props.saveLabel} />
          </div>
        </form>
      )}
    </section>
  );
}
