import { useEffect, useState } from 'preact/hooks';
import { type CreatedShare, createShare, errorMessage, listShares, revokeShare, type Share } from '../../api.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { CopyButton } from '../../components/Copy.js';
import { Time } from '../../components/Time.js';
import { ErrorNote, Spinner } from '../../components/notes.js';
import { Icon } from '../../components/Icon.js';
import { paths } from '../../router.js';
import { CopyableValue } from '../../components/fields.js';
import './SharePanel.css';

/** The inbox's read-only sharing links: create (shown once), list, revoke. */
export function SharePanel(props: { inboxId: string; onClose: () => void }) {
  const [shares, setShares] = useState<Share[] | null>(null);
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    try {
      setShares(await listShares(props.inboxId));
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  useEffect(() => {
    void load();
  }, [props.inboxId]);
  const createdLink = created === null ? '' : `${location.origin}${paths.share(created.token)}`;
  return (
    <section class="card share-panel" aria-labelledby="share-title">
      <header class="card-head">
        <h2 id="share-title">
          <Icon name="link" /> Sharing links
        </h2>
        <span class="muted small">
          Whoever has a link sees the requests live and their details; nobody can replay, delete or change anything with
          it.
        </span>
        <span class="spacer" />
        <button type="button" class="btn btn-ghost btn-icon" aria-label="Close sharing" onClick={props.onClose}>
          <Icon name="x" />
        </button>
      </header>
      <ErrorNote error={error} />
      {created !== null && (
        <div class="share-created" data-testid="created-share">
          <p class="note note-warn">
            <Icon name="alert" />
            <span>Copy the link now: only a hash of it is stored, so it cannot be shown again.</span>
          </p>
          <div class="input-row">
            <CopyableValue value={createdLink} label="New sharing link" />
            <CopyButton text={createdLink} label="Copy link" class="btn-primary" />
          </div>
        </div>
      )}
      {shares === null ? (
        <Spinner label="Loading links" />
      ) : (
        <>
          {shares.length === 0 ? (
            <p class="muted small">No links yet.</p>
          ) : (
            <ul class="share-list" data-testid="share-list">
              {shares.map((share) => (
                <li key={share.id} class="share-item">
                  <Icon name="link" />
                  <span class="mono">/s/{share.prefix}…</span>
                  <span class="muted small">
                    created <Time iso={share.createdAt} />
                  </span>
                  <span class="spacer" />
                  <ConfirmButton
                    label="Revoke"
                    confirmLabel="Revoke link"
                    class="btn-ghost btn-sm"
                    onConfirm={async () => {
                      try {
                        await revokeShare(props.inboxId, share.id);
                        if (created?.id === share.id) setCreated(null);
                        await load();
                      } catch (err) {
                        setError(errorMessage(err));
                      }
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            class="btn"
            onClick={async () => {
              try {
                setCreated(await createShare(props.inboxId));
                await load();
                setError(null);
              } catch (err) {
                setError(errorMessage(err));
              }
            }}
          >
            <Icon name="plus" />
            <span>Create a link</span>
          </button>
        </>
      )}
    </section>
  );
}
