import { useState } from 'preact/hooks';
import { createInbox, errorMessage } from '../api.js';
import { Link } from '../components/Link.js';
import { Time } from '../components/Time.js';
import { ErrorNote } from '../components/notes.js';
import { useTick } from '../hooks/useTick.js';
import { Icon } from '../components/Icon.js';
import { formatUntil } from '../lib/format.js';
import { forgetInbox, recentInboxes, rememberInbox } from '../lib/storage.js';
import { navigate, paths } from '../router.js';
import { useSession } from '../session.js';
import './Home.css';

export function Home() {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recent, setRecent] = useState(recentInboxes);
  useTick();

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const inbox = await createInbox();
      rememberInbox(inbox);
      navigate(paths.inbox(inbox.id));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <div class="page home">
      <section class="hero">
        <h1 class="hero-title">Capture, inspect and replay webhooks.</h1>
        <p class="hero-lead">
          Point a provider at an inbox URL. Every request is stored byte for byte and shows up here live; replay it to
          your own server while you fix your handler.
        </p>
        <div class="hero-actions">
          <button
            type="button"
            class="btn btn-primary btn-lg"
            onClick={create}
            disabled={busy}
            data-testid="create-inbox"
          >
            <Icon name="plus" />
            <span>{busy ? 'Creating…' : 'Create an inbox'}</span>
          </button>
          <span class="muted small">
            {session.account
              ? 'Saved to your account: it does not expire.'
              : 'No sign-up needed. Anonymous inboxes live 48 hours.'}
          </span>
        </div>
        <ErrorNote error={error} />
      </section>

      {recent.length > 0 && (
        <section class="card recent" aria-labelledby="recent-title">
          <header class="card-head">
            <h2 id="recent-title">Recently opened</h2>
            <span class="muted small">Remembered in this browser</span>
          </header>
          <ul class="recent-list">
            {recent.map((item) => (
              <li key={item.id} class="recent-item">
                <Link href={paths.inbox(item.id)} class="recent-link">
                  <Icon name="inbox" />
                  <span class="recent-name">{item.name ?? item.id}</span>
                  {item.name !== null && <span class="mono muted small">{item.id}</span>}
                </Link>
                <span class="muted small">
                  opened <Time iso={item.openedAt} />
                </span>
                <span class="badge">
                  {item.expiresAt === null ? 'saved' : `expires ${formatUntil(item.expiresAt)}`}
                </span>
                <button
                  type="button"
                  class="btn btn-ghost btn-icon"
                  aria-label={`Forget ${item.name ?? item.id}`}
                  title="Forget"
                  onClick={() => {
                    forgetInbox(item.id);
                    setRecent(recentInboxes());
                  }}
                >
                  <Icon name="trash" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section class="features" aria-label="What Rehook does">
        <div class="feature">
          <Icon name="bolt" />
          <h2>Live</h2>
          <p>
            Requests appear the moment they are stored, over a stream that resumes after a drop without missing one.
          </p>
        </div>
        <div class="feature">
          <Icon name="eye" />
          <h2>Exact</h2>
          <p>
            Headers in order with their case, the raw body bytes: signatures still verify. JSON, XML, forms, multipart,
            hex.
          </p>
        </div>
        <div class="feature">
          <Icon name="send" />
          <h2>Replay</h2>
          <p>Send a captured request again to any URL and see the status, latency and response. Or copy it as curl.</p>
        </div>
      </section>
    </div>
  );
}
