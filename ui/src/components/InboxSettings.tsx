import type { InboxView as Inbox } from '../api.js';
import { Icon } from './Icon.js';
import { AlertSettings } from './settings/AlertSettings.js';
import { DriftSettings } from './settings/DriftSettings.js';
import { EventTypeRuleSettings } from './settings/EventTypeRuleSettings.js';
import { ForwardingSettings } from './settings/ForwardingSettings.js';
import { MoveToTeam } from './settings/MoveToTeam.js';
import { ResponseSettings } from './settings/ResponseSettings.js';
import { SignatureSettings } from './settings/SignatureSettings.js';
import { PanelHead } from './PanelHead.js';
import { SettingsAccess } from './settings/SettingsSection.js';
import { inboxAccess } from '../lib/inbox-access.js';

/**
 * The inbox's settings: what it answers its senders (anyone who may change the inbox), and, for
 * the owner of a saved inbox, the signature secret its events are checked with, automatic
 * forwarding, alerts, its own event type rule and its minimum of samples for drift.
 */
export function InboxSettings(props: { inbox: Inbox; owned: boolean; onClose: () => void }) {
  const access = inboxAccess(props.inbox);
  return (
    <SettingsAccess.Provider value={access}>
      <div class="panel" data-testid="inbox-settings">
        <PanelHead icon="settings" title="Inbox settings" closeLabel="Close settings" onClose={props.onClose} />
        <ResponseSettings inboxId={props.inbox.id} />
        {props.owned ? (
          <>
            <SignatureSettings inboxId={props.inbox.id} />
            <ForwardingSettings inboxId={props.inbox.id} />
            <AlertSettings inboxId={props.inbox.id} />
            <EventTypeRuleSettings inboxId={props.inbox.id} />
            <DriftSettings inboxId={props.inbox.id} />
            {access.manage && <MoveToTeam inbox={props.inbox} />}
          </>
        ) : (
          <p class="note">
            <Icon name="lock" />
            <span>
              Signature checking and automatic forwarding are for saved inboxes: sign in and save this inbox to your
              account to set them.
            </span>
          </p>
        )}
      </div>
    </SettingsAccess.Provider>
  );
}
