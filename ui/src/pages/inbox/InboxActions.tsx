import { clearInbox, client, type InboxView as Inbox } from '../../api.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Link } from '../../components/Link.js';
import { Icon } from '../../components/Icon.js';
import { useMediaQuery } from '../../hooks/useMediaQuery.js';
import { rememberInbox } from '../../lib/storage.js';
import { paths } from '../../router.js';
import { useSession } from '../../session.js';
import { inboxAccess } from '../../lib/inbox-access.js';
import { ActionsMenu } from './ActionsMenu.js';
import type { Panel } from './panel.js';
import { reportTo } from './report.js';

/** Where the inbox bar's actions fold into a menu (the phone layout of narrow.css). */
const NARROW = '(max-width: 640px)';

/** The inbox bar's buttons: save, share, replay many, settings, clear. */
export function InboxActions(props: {
  inbox: Inbox;
  owned: boolean;
  count: number;
  panel: Panel;
  onPanel: (panel: Panel) => void;
  sharing: boolean;
  onSharing: (sharing: boolean) => void;
  onInboxChange: ((inbox: Inbox) => void) | undefined;
  onCleared: () => void;
  onError: (message: string | null) => void;
}) {
  const { inbox } = props;
  const session = useSession();
  const narrow = useMediaQuery(NARROW);
  const toggle = (panel: Panel) => props.onPanel(props.panel === panel ? null : panel);
  // Only what the caller's role allows is offered (the API's permissions for this inbox).
  const access = inboxAccess(inbox);

  const save = () =>
    reportTo(props.onError, async () => {
      const saved = await client.saveInbox(inbox.id);
      props.onInboxChange?.({ ...inbox, ...saved });
      rememberInbox(saved);
    });

  const saveOffer = !inbox.saved && (
    <>
      {session.account && (
        <button type="button" class="btn" onClick={save}>
          <Icon name="save" />
          <span>Save to my account</span>
        </button>
      )}
      {session.account === null && (
        <Link
          class="btn btn-ghost"
          href={paths.signin(location.pathname)}
          title="Sign in to keep this inbox beyond 48 hours"
        >
          <Icon name="save" />
          <span>Sign in to save</span>
        </Link>
      )}
    </>
  );
  const others = (close: () => void) => (
    <>
      {props.owned && access.manage && (
        <button
          type="button"
          class="btn"
          aria-expanded={props.sharing}
          onClick={() => {
            close();
            props.onSharing(!props.sharing);
          }}
        >
          <Icon name="share" />
          <span>Share</span>
        </button>
      )}
      {session.account && access.replay && (
        <button
          type="button"
          class="btn"
          aria-pressed={props.panel === 'bulk'}
          onClick={() => {
            close();
            toggle('bulk');
          }}
        >
          <Icon name="send" />
          <span>Replay many</span>
        </button>
      )}
      <button
        type="button"
        class="btn"
        aria-pressed={props.panel === 'settings'}
        onClick={() => {
          close();
          toggle('settings');
        }}
      >
        <Icon name="settings" />
        <span>Settings</span>
      </button>
      {access.manage && (
        <ConfirmButton
          label="Clear"
          confirmLabel={`Delete all ${props.count > 0 ? props.count : ''} events`.replace('  ', ' ')}
          icon="trash"
          class="btn-ghost"
          disabled={props.count === 0}
          onConfirm={() =>
            reportTo(props.onError, async () => {
              await clearInbox(inbox.id);
              close();
              props.onCleared();
            })
          }
        />
      )}
    </>
  );

  // On a phone the actions fold into one menu, so the list starts high on the screen; saving
  // stays in view, as the one action that keeps the inbox.
  return (
    <div class="inbox-actions">
      {saveOffer}
      {narrow ? <ActionsMenu>{others}</ActionsMenu> : others(() => undefined)}
    </div>
  );
}
