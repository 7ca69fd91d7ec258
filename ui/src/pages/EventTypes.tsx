import { useEffect, useState } from 'preact/hooks';
import { client, type EventTypeInfo, type EventTypeSchema, errorMessage, shareToken } from '../api.js';
import { CopyButton } from '../components/Copy.js';
import { Link } from '../components/Link.js';
import { Breadcrumbs, PageHead } from '../components/PageHead.js';
import { Tabs } from '../components/Tabs.js';
import { Time } from '../components/Time.js';
import { Empty, ErrorNote, Spinner } from '../components/notes.js';
import { Icon } from '../components/Icon.js';
import { paths } from '../router.js';
import '../components/code.css';
import './EventTypes.css';

type Format = EventTypeSchema['format'];

const TABS = [
  { id: 'json', label: 'JSON Schema' },
  { id: 'typescript', label: 'TypeScript' },
  { id: 'zod', label: 'Zod' },
] as const;

/**
 * Asks the server to learn the inbox's types again (one type, or all when `eventType` is null)
 * from the events it holds: the answer comes at once, the learning happens in the background.
 */
function RebuildButton(props: { inboxId: string; eventType: string | null }) {
  const [state, setState] = useState<{ busy: boolean; done: string | null; error: string | null }>({
    busy: false,
    done: null,
    error: null,
  });
  const rebuild = async () => {
    setState({ busy: true, done: null, error: null });
    try {
      await client.rebuildEventTypes(props.inboxId, props.eventType ?? undefined);
      setState({
        busy: false,
        done: 'Queued: learned again from the events the inbox holds, in the background.',
        error: null,
      });
    } catch (err) {
      setState({ busy: false, done: null, error: errorMessage(err) });
    }
  };
  const what = props.eventType === null ? 'every type' : props.eventType;
  return (
    <>
      <button
        type="button"
        class="btn"
        disabled={state.busy}
        title={`Forget what was learned of ${what} and learn it again from the events the inbox holds`}
        onClick={() => void rebuild()}
      >
        <Icon name="bolt" />
        <span>{props.eventType === null ? 'Rebuild all' : 'Rebuild'}</span>
      </button>
      {state.done !== null && (
        <span class="muted small" role="status">
          {state.done}
        </span>
      )}
      {state.error !== null && <ErrorNote error={state.error} />}
    </>
  );
}

/** One type's schema, in the chosen format, with a copy button. */
function SchemaView(props: { inboxId: string; eventType: string; canRebuild: boolean }) {
  const [format, setFormat] = useState<Format>('typescript');
  const [schema, setSchema] = useState<EventTypeSchema | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSchema(null);
    setError(null);
    client.eventTypeSchema(props.inboxId, props.eventType, format).then(
      (s) => live && setSchema(s),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [props.inboxId, props.eventType, format]);
  const text =
    schema === null
      ? ''
      : typeof schema.document === 'string'
        ? schema.document
        : JSON.stringify(schema.document, null, 2);
  return (
    <section class="panel" aria-label={`Schema of ${props.eventType}`} data-testid="type-schema">
      <header class="panel-head">
        <h2 class="mono">{props.eventType}</h2>
        {schema !== null && (
          <span class="muted small">
            Learned from {schema.samples} {schema.samples === 1 ? 'event' : 'events'}
          </span>
        )}
      </header>
      <Tabs tabs={TABS} active={format} onChange={setFormat} label="Schema format" idPrefix="schema-format" />
      <div role="tabpanel" id="schema-format-panel" aria-labelledby={`schema-format-tab-${format}`}>
        {error !== null && <ErrorNote error={error} />}
        {schema === null && error === null && <Spinner />}
        {schema !== null && (
          <>
            <div class="page-actions schema-actions">
              <CopyButton text={text} label={`Copy ${TABS.find((t) => t.id === format)?.label ?? ''}`} />
              {props.canRebuild && <RebuildButton inboxId={props.inboxId} eventType={props.eventType} />}
            </div>
            <pre
              class="code schema-code"
              data-testid="schema-text"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a long schema scrolls; keyboard users must reach it
              tabIndex={0}
            >
              <code>{text}</code>
            </pre>
          </>
        )}
      </div>
    </section>
  );
}

/** An inbox's event types (docs/insight.md): counts, drift, first/last seen, and each type's schema. */
export function EventTypes(props: { inboxId: string; eventType: string | null }) {
  const [types, setTypes] = useState<EventTypeInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The breadcrumb names the inbox as its own page does (its name, else its id).
  const [inboxName, setInboxName] = useState<string | null>(null);
  useEffect(() => {
    client.eventTypes(props.inboxId).then(setTypes, (err: unknown) => setError(errorMessage(err)));
    client.inbox(props.inboxId).then(
      (inbox) => setInboxName(inbox.name ?? inbox.id),
      () => setInboxName(props.inboxId),
    );
  }, [props.inboxId]);
  const selected = props.eventType ?? types?.[0]?.eventType ?? null;
  // A sharing link only reads: rebuilding is for those who may change the inbox.
  const canRebuild = shareToken() === null;
  return (
    <div class="page">
      <Breadcrumbs
        trail={[{ href: paths.inbox(props.inboxId), label: inboxName ?? 'Inbox', class: 'breadcrumb-inbox' }]}
        current="Event types"
      />
      <PageHead
        title="Event types"
        note={
          'Learned from every captured JSON body of each type, a moment after it arrives. Drifted events differ ' +
          'from what the earlier events of their type taught.'
        }
      >
        {canRebuild && types !== null && types.length > 0 && (
          <div class="page-actions">
            <RebuildButton inboxId={props.inboxId} eventType={null} />
          </div>
        )}
      </PageHead>
      {error !== null && <ErrorNote error={error} />}
      {types === null && error === null && <Spinner />}
      {types !== null && types.length === 0 && (
        <Empty title="No event types yet">Send a JSON event to the inbox.</Empty>
      )}
      {types !== null && types.length > 0 && (
        <>
          <div class="card table-card table-scroll">
            <table class="table types-table" data-testid="types-table">
              <caption class="visually-hidden">Event types of the inbox</caption>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col" class="num">
                    Events
                  </th>
                  <th scope="col" class="num">
                    Drifted
                  </th>
                  <th scope="col">First seen</th>
                  <th scope="col">Last seen</th>
                </tr>
              </thead>
              <tbody>
                {types.map((t) => (
                  <tr
                    key={t.eventType}
                    class={t.eventType === selected ? 'is-selected' : undefined}
                    aria-current={t.eventType === selected ? 'true' : undefined}
                  >
                    <td class="mono">
                      <Link href={paths.eventType(props.inboxId, t.eventType)}>{t.eventType}</Link>
                    </td>
                    <td class="num">{t.count}</td>
                    <td class="num">{t.drifted}</td>
                    <td>
                      <Time iso={t.firstSeen} />
                    </td>
                    <td>
                      <Time iso={t.lastSeen} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {selected !== null && (
            <SchemaView key={selected} inboxId={props.inboxId} eventType={selected} canRebuild={canRebuild} />
          )}
        </>
      )}
    </div>
  );
}
