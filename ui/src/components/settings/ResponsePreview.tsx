import { useEffect, useState } from 'preact/hooks';
import { client, errorMessage, type InboxResponseInput, type ResponsePreview as Preview } from '../../api.js';
import { CodeBlock } from '../CodeBlock.js';
import { ErrorNote } from '../notes.js';
import { Icon } from '../Icon.js';
import './ResponsePreview.css';

/**
 * The answer the response being edited would give a captured event (POST .../responses/preview):
 * templates rendered, nothing saved. The newest event is offered first; any event id of the inbox
 * can be typed.
 */
export function ResponsePreview(props: { inboxId: string; input: () => InboxResponseInput }) {
  const [eventId, setEventId] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    client.events(props.inboxId, { limit: 1 }).then(
      (page) => live && setEventId((current) => current || (page.events[0]?.id ?? '')),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [props.inboxId]);

  // A preview (and its error) describes the response as it was when asked: once the response
  // is edited it is out of date, and goes, so a fixed template is not shown failing still.
  const shape = JSON.stringify(props.input());
  const [previewed, setPreviewed] = useState(shape);
  if (shape !== previewed && (preview !== null || error !== null)) {
    setPreview(null);
    setError(null);
    setPreviewed(shape);
  }

  const run = async () => {
    setPreviewed(shape);
    setBusy(true);
    setError(null);
    try {
      setPreview(await client.previewInboxResponse(props.inboxId, props.input(), eventId.trim()));
    } catch (err) {
      setPreview(null);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="response-preview" data-testid="response-preview">
      <label class="label" for="response-preview-event">
        Preview against a captured request
      </label>
      <div class="inline-field">
        <input
          id="response-preview-event"
          class="input mono"
          value={eventId}
          placeholder="evt_… (a request of this inbox)"
          spellcheck={false}
          onInput={(event) => setEventId((event.currentTarget as HTMLInputElement).value)}
        />
        <button type="button" class="btn" disabled={busy || eventId.trim() === ''} onClick={() => void run()}>
          <Icon name="eye" />
          <span>Preview</span>
        </button>
      </div>
      <ErrorNote error={error} />
      {preview !== null && (
        <div class="preview-result" aria-live="polite">
          <p class="small">
            <strong>{preview.answer.status}</strong>{' '}
            <span class="muted">
              {preview.rule === null ? 'default answer' : `rule ${preview.rule + 1}`}
              {preview.error !== null ? ' (fallback)' : ''}
            </span>
          </p>
          {preview.error !== null && <p class="error-text small">Template failed: {preview.error}</p>}
          <CodeBlock class="preview-block mono small" label="The rendered answer">
            {[
              ...preview.answer.headers.map(([name, value]) => `${name}: ${value}`),
              '',
              preview.answer.body ?? `(binary body, ${preview.answer.bodyBase64?.length ?? 0} base64 characters)`,
            ].join('\n')}
          </CodeBlock>
        </div>
      )}
    </div>
  );
}
