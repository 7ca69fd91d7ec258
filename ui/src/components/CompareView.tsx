import { useEffect, useState } from 'preact/hooks';
import { client, errorMessage, type EventDetail, type EventDiff } from '../api.js';
import { BodyLimitError, prettyJsonText } from '../lib/body/parse.js';
import { type SideBySideRow, sideBySide, sideBySideTexts } from '../lib/compare.js';
import { ErrorNote, Spinner } from './notes.js';
import { Icon } from './Icon.js';
import './CompareView.css';

type Pairs = EventDiff['headers'];

/** Pretty JSON of a body for the side-by-side view; the text as it is when it cannot be. */
function pretty(text: string): string {
  try {
    return prettyJsonText(text);
  } catch (err) {
    if (err instanceof BodyLimitError) return text;
    throw err;
  }
}

function PairChanges(props: { title: string; pairs: Pairs; join: string }) {
  const { pairs } = props;
  if (pairs.added.length + pairs.removed.length + pairs.changed.length === 0) return null;
  return (
    <section class="event-compare-section" aria-label={props.title}>
      <h3 class="event-compare-heading">{props.title}</h3>
      <ul class="event-compare-pairs mono small">
        {pairs.removed.map(([name, value], i) => (
          <li key={`r${i}`} class="diff-removed">
            <span class="diff-mark" title="removed">
              −
            </span>{' '}
            {name}
            {props.join}
            {value}
          </li>
        ))}
        {pairs.added.map(([name, value], i) => (
          <li key={`a${i}`} class="diff-added">
            <span class="diff-mark" title="added">
              +
            </span>{' '}
            {name}
            {props.join}
            {value}
          </li>
        ))}
        {pairs.changed.map((change) => (
          <li key={`c${change.name}`} class="diff-changed">
            <span class="diff-mark" title="changed">
              ~
            </span>{' '}
            {change.name}: {change.from.join(', ')} → {change.to.join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SideBySide(props: { rows: readonly SideBySideRow[]; fromLabel: string; toLabel: string }) {
  return (
    <div class="side-by-side">
      <table class="mono small">
        <caption class="visually-hidden">Bodies side by side, changed lines marked</caption>
        <thead>
          <tr>
            <th scope="col" class="sbs-head sbs-left">
              {props.fromLabel}
            </th>
            <th scope="col" class="sbs-head">
              {props.toLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, i) => (
            <tr key={i} class={`sbs-${row.kind}`}>
              <td class={`sbs-cell sbs-left${row.left === null ? ' sbs-empty' : ''}`}>{row.left ?? ''}</td>
              <td class={`sbs-cell sbs-right${row.right === null ? ' sbs-empty' : ''}`}>{row.right ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BodyChanges(props: { diff: EventDiff; from: EventDetail; to: EventDetail }) {
  const { body } = props.diff;
  const labels = { fromLabel: `First (${props.from.id})`, toLabel: `Second (${props.to.id})` };
  if (body.kind === 'binary') {
    return (
      <p class="small">
        {body.bytesEqual ? 'The bodies are the same bytes' : 'The bodies differ'} ({body.sizes.from} → {body.sizes.to}{' '}
        bytes{body.reason === 'too-large' ? '; too large to compare line by line' : '; not text'}).
      </p>
    );
  }
  if (body.kind === 'text') return <SideBySide rows={sideBySide(body.changes)} {...labels} />;
  return (
    <>
      {body.operations.length === 0 ? (
        <p class="small muted">The JSON bodies are equal{body.bytesEqual ? '' : ' (spelt differently)'}.</p>
      ) : (
        <ul class="event-compare-ops mono small" aria-label="JSON changes">
          {body.operations.map((op, i) => (
            <li key={i} class={`diff-${op.op === 'add' ? 'added' : op.op === 'remove' ? 'removed' : 'changed'}`}>
              <span class="diff-mark">{op.op === 'add' ? '+' : op.op === 'remove' ? '−' : '~'}</span>{' '}
              {op.path === '' ? '(whole body)' : op.path}
              {op.op === 'add' && `: ${JSON.stringify(op.value)}`}
              {op.op === 'remove' && `: ${JSON.stringify(op.from)}`}
              {op.op === 'replace' && `: ${JSON.stringify(op.from)} → ${JSON.stringify(op.value)}`}
            </li>
          ))}
        </ul>
      )}
      <SideBySide
        rows={sideBySideTexts(pretty(props.from.bodyText ?? ''), pretty(props.to.bodyText ?? ''))}
        {...labels}
      />
    </>
  );
}

/**
 * Two events compared (GET /api/v1/events/<a>/diff?against=<b>): method and path, query and
 * headers by name, and the bodies side by side with the changed lines marked (JSON bodies also
 * as the list of changes, each a JSON Pointer).
 */
export function CompareView(props: {
  fromId: string;
  toId: string;
  /** What the first event is to the second ("Previous request of type ..."), when known. */
  caption?: string | undefined;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<{ diff: EventDiff; from: EventDetail; to: EventDetail } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setLoaded(null);
    setError(null);
    Promise.all([client.diff(props.fromId, props.toId), client.event(props.fromId), client.event(props.toId)]).then(
      ([diff, from, to]) => live && setLoaded({ diff, from, to }),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [props.fromId, props.toId]);

  return (
    <article class="event-compare" aria-labelledby="compare-title" data-testid="compare-view">
      <header class="inspector-head">
        <button type="button" class="btn btn-ghost btn-icon" aria-label="Close the comparison" onClick={props.onClose}>
          <Icon name="x" />
        </button>
        <h2 id="compare-title" class="inspector-title">
          Compare
        </h2>
        <span class="mono small muted event-compare-ids">
          {props.fromId} → {props.toId}
        </span>
      </header>
      {props.caption !== undefined && (
        <p class="small muted event-compare-caption" data-testid="compare-caption">
          {props.caption}
        </p>
      )}
      <ErrorNote error={error} />
      {loaded === null && error === null && <Spinner label="Comparing" />}
      {loaded !== null && (
        <div
          class="event-compare-body"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: wide bodies scroll sideways; keyboard users must reach them
          tabIndex={0}
        >
          {(loaded.diff.method !== null || loaded.diff.path !== null) && (
            <section class="event-compare-section" aria-label="Request line">
              <h3 class="event-compare-heading">Request line</h3>
              <ul class="event-compare-pairs mono small">
                {loaded.diff.method !== null && (
                  <li class="diff-changed">
                    <span class="diff-mark">~</span> method: {loaded.diff.method.from} → {loaded.diff.method.to}
                  </li>
                )}
                {loaded.diff.path !== null && (
                  <li class="diff-changed">
                    <span class="diff-mark">~</span> path: {loaded.diff.path.from} → {loaded.diff.path.to}
                  </li>
                )}
              </ul>
            </section>
          )}
          <PairChanges title="Query" pairs={loaded.diff.query} join="=" />
          <PairChanges title="Headers" pairs={loaded.diff.headers} join=": " />
          <section class="event-compare-section" aria-label="Body">
            <h3 class="event-compare-heading">Body</h3>
            <BodyChanges {...loaded} />
          </section>
        </div>
      )}
    </article>
  );
}
