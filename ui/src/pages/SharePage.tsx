import { useEffect, useState } from 'preact/hooks';
import { errorMessage, isRehookError, openShare, setShareToken, type InboxView as Inbox } from '../api.js';
import { Icon } from '../components/Icon.js';
import { PageLoading, ProblemPage } from '../components/page-states.js';
import { paths } from '../router.js';
import { InboxView } from './inbox/InboxView.js';

/** `/s/<token>`: a read-only view of one inbox, through its sharing link. */
export function SharePage(props: { token: string; eventId: string | null; search: string }) {
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [error, setError] = useState<{ gone: boolean; message: string } | null>(null);

  useEffect(() => {
    setShareToken(props.token);
    let live = true;
    openShare(props.token).then(
      (loaded) => live && setInbox(loaded),
      (err: unknown) =>
        live && setError({ gone: isRehookError(err) && err.status === 404, message: errorMessage(err) }),
    );
    return () => {
      live = false;
      setShareToken(null);
    };
  }, [props.token]);

  if (error !== null) {
    return (
      <ProblemPage
        title={error.gone ? 'This link does not work any more' : 'Cannot open this link'}
        message={error.gone ? 'The owner of the inbox revoked it, or it never existed.' : error.message}
      />
    );
  }
  if (inbox === null) {
    return <PageLoading label="Opening the shared inbox" />;
  }
  return (
    <InboxView
      inbox={inbox}
      eventId={props.eventId}
      search={props.search}
      readOnly={true}
      eventHref={(eventId, filter) => paths.shareEvent(props.token, eventId, filter)}
      listHref={(filter) => paths.share(props.token, filter)}
      onOffline={() => {
        openShare(props.token).catch((err: unknown) => {
          if (isRehookError(err) && err.status === 404) setError({ gone: true, message: errorMessage(err) });
        });
      }}
      banner={
        <p class="banner" role="note">
          <Icon name="eye" /> You are viewing a shared inbox: read-only.
        </p>
      }
    />
  );
}
