import { useEffect, useState } from 'preact/hooks';
import { client, errorMessage, type InboxView as Inbox, isRehookError } from '../api.js';
import { Link } from '../components/Link.js';
import { PageLoading, ProblemPage } from '../components/page-states.js';
import { rememberInbox } from '../lib/storage.js';
import { paths } from '../router.js';
import { useSession } from '../session.js';
import { InboxView } from './inbox/InboxView.js';

/** `/inboxes/<id>`: an inbox by its id, once loaded (again after sign-in, for a saved inbox). */
export function InboxPage(props: { inboxId: string; eventId: string | null; search: string }) {
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const session = useSession();

  useEffect(() => {
    let live = true;
    client.inbox(props.inboxId).then(
      (loaded) => {
        if (!live) return;
        setInbox(loaded);
        rememberInbox(loaded);
      },
      (err: unknown) => live && setError({ code: isRehookError(err) ? err.code : 'ERROR', message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
    // An inbox that another session saved answers 404 until signed in: try again after sign-in.
  }, [props.inboxId, session.account?.id]);

  if (error !== null) {
    return (
      <ProblemPage
        title={error.code === 'INBOX_NOT_FOUND' ? 'Inbox not found' : 'Cannot open this inbox'}
        message={
          error.code === 'INBOX_NOT_FOUND'
            ? 'It may have expired (anonymous inboxes live 48 hours), been deleted, or belong to another account.'
            : error.message
        }
        actions={
          <p class="row">
            <Link href={paths.home()} class="btn btn-primary">
              Create a new inbox
            </Link>
            {session.account === null && (
              <Link href={paths.signin(location.pathname)} class="btn">
                Sign in
              </Link>
            )}
          </p>
        }
      />
    );
  }
  if (inbox === null) {
    return <PageLoading label="Loading the inbox" />;
  }
  return (
    <InboxView
      inbox={inbox}
      eventId={props.eventId}
      search={props.search}
      readOnly={false}
      eventHref={(eventId, filter) => paths.event(inbox.id, eventId, filter)}
      listHref={(filter) => paths.inbox(inbox.id, filter)}
      onInboxChange={setInbox}
    />
  );
}
