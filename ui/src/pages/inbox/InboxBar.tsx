import { useState } from 'preact/hooks';
import type { InboxView as Inbox } from '../../api.js';
import { CopyButton } from '../../components/Copy.js';
import { Link } from '../../components/Link.js';
import { useTick } from '../../hooks/useTick.js';
import { paths } from '../../router.js';
import { Icon } from '../../components/Icon.js';
import { formatExact, formatUntil } from '../../lib/format.js';
import type { LiveStatus } from '../../lib/live.js';
import { useSession } from '../../session.js';
import { inboxAccess } from '../../lib/inbox-access.js';
import { InboxActions } from './InboxActions.js';
import { InboxTitle } from './InboxTitle.js';
import { LiveIndicator } from './LiveIndicator.js';
import type { Panel } from './panel.js';
import { SharePanel } from './SharePanel.js';
import { CopyableValue } from '../../components/fields.js';

/** The top of the inbox screen: name, live status, expiry, actions, and the URL to send requests to. */
export function InboxBar(props: {
  inbox: Inbox;
  status: LiveStatus;
  count: number;
  readOnly: boolean;
  panel: Panel;
  onPanel: (panel: Panel) => void;
  onInboxChange: ((inbox: Inbox) => void) | undefined;
  onCleared: () => void;
  onError: (message: string | null) => void;
}) {
  const { inbox } = props;
  const session = useSession();
  const [sharing, setSharing] = useState(false);
  useTick();
  const owned = inbox.saved && !props.readOnly && session.account !== null && session.account !== undefined;
  const access = inboxAccess(inbox, props.readOnly);

  return (
    <section class="inbox-bar" aria-label="Inbox">
      <div class="inbox-title-row">
        <InboxTitle
          inbox={inbox}
          owned={owned && access.manage}
          onInboxChange={props.onInboxChange}
          onError={props.onError}
        />
        <LiveIndicator status={props.status} />
        {inbox.expiresAt !== null ? (
          <span class="badge badge-warn" title={`Expires ${formatExact(inbox.expiresAt)}`}>
            <Icon name="clock" /> Expires {formatUntil(inbox.expiresAt)}
          </span>
        ) : (
          // Saved or not means nothing to a viewer of a read-only link: they cannot change it.
          !props.readOnly && (
            <span class="badge badge-ok">
              <Icon name="save" /> Saved
            </span>
          )
        )}
        {inbox.teamId !== null && access.role !== null && (
          <span
            class="badge"
            data-testid="inbox-role"
            title={access.manage ? undefined : 'What your role in the team allows is all this page offers'}
          >
            {access.role}
          </span>
        )}
        <span class="spacer" />
        {!props.readOnly && (
          <Link class="btn btn-ghost" href={paths.eventTypes(inbox.id)} data-testid="event-types-link">
            Event types
          </Link>
        )}
        {!props.readOnly && (
          <InboxActions
            inbox={inbox}
            owned={owned}
            count={props.count}
            panel={props.panel}
            onPanel={props.onPanel}
            sharing={sharing}
            onSharing={setSharing}
            onInboxChange={props.onInboxChange}
            onCleared={props.onCleared}
            onError={props.onError}
          />
        )}
      </div>
      <div class="ingest-row">
        <label class="ingest-label" for="ingest-url">
          Send requests to
        </label>
        <CopyableValue id="ingest-url" class="input mono ingest-url" value={inbox.url} />
        <CopyButton text={inbox.url} label="Copy URL" class="btn-primary" />
      </div>
      <p class="muted small ingest-help">Any method, any path below it, any body. Paths and query strings are kept.</p>
      {sharing && owned && access.manage && <SharePanel inboxId={inbox.id} onClose={() => setSharing(false)} />}
    </section>
  );
}
