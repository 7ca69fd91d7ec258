import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import {
  base64ToBytes,
  bodyKind,
  formPairs,
  hexRows,
  jsonTokens,
  multipartParts,
  xmlLines,
  type BodyKind,
  type MultipartPart,
} from '../lib/body.js';
import { formatSize, shortType } from '../lib/format.js';
import { CodeBlock } from './CodeBlock.js';
import { PairsTable, Segmented } from './common.js';
import { ClippedText, ShowMore, useShown } from './ShowMore.js';
import { ViewBoundary } from './ViewBoundary.js';

/** Bodies above this size are shown as plain text (highlighting costs a node per token). */
const HIGHLIGHT_LIMIT = 256 * 1024;
/** Hex rows rendered at first and per "Show more" (16 bytes a row, a few nodes each). */
const HEX_ROW_STEP = 512;
/** Multipart parts rendered at first and per "Show more". */
const PART_STEP = 50;

type View = 'pretty' | 'text' | 'hex';

const KIND_LABEL: Record<BodyKind, string> = {
  empty: 'Empty',
  json: 'JSON',
  xml: 'XML',
  form: 'Form',
  multipart: 'Multipart',
  text: 'Text',
  binary: 'Binary',
};

function viewOptions(kind: BodyKind): { id: View; label: string }[] {
  if (kind === 'binary') return [{ id: 'hex', label: 'Hex' }];
  const pretty = { id: 'pretty' as const, label: kind === 'text' ? 'Text' : KIND_LABEL[kind] };
  const text = kind === 'text' ? [] : [{ id: 'text' as const, label: 'Text' }];
  return [pretty, ...text, { id: 'hex', label: 'Hex' }];
}

/**
 * The body of a captured request in the view that suits it. Everything is rendered as text
 * nodes (Preact escapes every string); no captured byte ever becomes markup. Each view runs
 * behind its own boundary: past a formatter's limit or on any error it says what it skipped
 * and offers the other views of the same bytes, the Raw tab and the download.
 */
export function BodyView(props: {
  bodyBase64: string;
  bodyText: string | null;
  contentType: string | null;
  size: number;
  /** The body's download link. */
  bodyHref: string;
  /** Opens the inspector's Raw tab. */
  onRaw: () => void;
}) {
  // Parsing a multi-megabyte JSON body once, not again on every "Show more" or view switch.
  const kind = useMemo(
    () => bodyKind(props.contentType, props.bodyText, props.size),
    [props.contentType, props.bodyText, props.size],
  );
  const [view, setView] = useState<View>(kind === 'binary' ? 'hex' : 'pretty');
  const bytes = useMemo(() => base64ToBytes(props.bodyBase64), [props.bodyBase64]);
  if (kind === 'empty') return <p class="muted small body-empty">No body</p>;
  const options = viewOptions(kind);
  const shown = options.some((option) => option.id === view) ? view : (options[0]?.id ?? 'hex');
  const label = options.find((option) => option.id === shown)?.label ?? 'Hex';
  const text = props.bodyText ?? '';
  return (
    <div class="body-view" data-kind={kind}>
      <div class="body-toolbar">
        <span class="kind-chip">{KIND_LABEL[kind]}</span>
        <span class="muted small">
          {formatSize(props.size)}
          {props.contentType ? ` · ${shortType(props.contentType)}` : ''}
        </span>
        <span class="spacer" />
        {options.length > 1 && <Segmented label="Body view" options={options} value={shown} onChange={setView} />}
      </div>
      <ViewBoundary
        key={shown}
        fallback={(reason) => (
          <Skipped what={label} reason={reason}>
            {options
              .filter((option) => option.id !== shown)
              .map((option) => (
                <button key={option.id} type="button" class="btn btn-sm" onClick={() => setView(option.id)}>
                  Show as {option.label}
                </button>
              ))}
            <button type="button" class="btn btn-sm" onClick={props.onRaw}>
              Open the Raw tab
            </button>
            <a class="btn btn-sm" href={props.bodyHref} download>
              Download body
            </a>
          </Skipped>
        )}
      >
        {shown === 'hex' ? (
          <HexView bytes={bytes} />
        ) : shown === 'text' || kind === 'text' ? (
          <ClippedText text={text} label="Body text" />
        ) : (
          <PrettyView kind={kind} text={text} bytes={bytes} contentType={props.contentType} />
        )}
      </ViewBoundary>
    </div>
  );
}

function PrettyView(props: { kind: BodyKind; text: string; bytes: Uint8Array; contentType: string | null }) {
  const { kind, text } = props;
  if (kind === 'json') return <JsonTokensView text={text} />;
  if (kind === 'xml') return <XmlView text={text} />;
  if (kind === 'form') return <FormView text={text} />;
  if (kind === 'multipart') return <MultipartView bytes={props.bytes} contentType={props.contentType} />;
  return <ClippedText text={text} label="Body text" />;
}

/** Why a view shows nothing of the body, and where to see it instead. */
function Skipped(props: { what: string; reason: string; children?: ComponentChildren }) {
  return (
    <div class="note body-skipped" data-testid="view-skipped" role="status">
      <p>
        The {props.what} view skipped this body: {props.reason}.
      </p>
      {props.children !== undefined && <p class="body-skipped-actions">{props.children}</p>}
    </div>
  );
}

function FormView(props: { text: string }) {
  const pairs = useMemo(() => formPairs(props.text), [props.text]);
  return <PairsTable caption="Form fields" pairs={pairs} nameLabel="Field" />;
}

/**
 * Highlighted JSON that can never take the page down: past its limits it shows the text
 * (a captured part, a replay's response), saying why.
 */
export function JsonView(props: { text: string }) {
  return (
    <ViewBoundary
      fallback={(reason) => (
        <>
          <Skipped what="JSON" reason={reason} />
          <ClippedText text={props.text} label="JSON as text" />
        </>
      )}
    >
      <JsonTokensView text={props.text} />
    </ViewBoundary>
  );
}

/** Highlighted JSON; throws BodyLimitError past the formatter's limits (a boundary catches it). */
function JsonTokensView(props: { text: string }) {
  const tokens = useMemo(() => (props.text.length > HIGHLIGHT_LIMIT ? null : jsonTokens(props.text)), [props.text]);
  if (tokens === null) return <ClippedText text={props.text} label="JSON body" />;
  return (
    <CodeBlock class="code code-json" label="JSON body">
      {tokens.map((token, i) =>
        token.kind === 'space' || token.kind === 'punct' ? (
          token.text
        ) : (
          <span key={i} class={`tok-${token.kind}`}>
            {token.text}
          </span>
        ),
      )}
    </CodeBlock>
  );
}

function XmlView(props: { text: string }) {
  const lines = useMemo(() => (props.text.length > HIGHLIGHT_LIMIT ? null : xmlLines(props.text)), [props.text]);
  if (lines === null) return <ClippedText text={props.text} label="XML body" />;
  return (
    <CodeBlock class="code code-xml" label="XML body">
      {lines.map((line, i) => (
        <span key={i} class="line">
          {line.map((token, j) =>
            token.kind === 'text' ? (
              token.text
            ) : (
              <span key={j} class={`tok-${token.kind}`}>
                {token.text}
              </span>
            ),
          )}
          {'\n'}
        </span>
      ))}
    </CodeBlock>
  );
}

export function HexView(props: { bytes: Uint8Array }) {
  const totalRows = Math.ceil(props.bytes.length / 16);
  const { shown, more } = useShown(totalRows, HEX_ROW_STEP);
  const rows = useMemo(() => hexRows(props.bytes, shown * 16), [props.bytes, shown]);
  return (
    <>
      <CodeBlock class="code code-hex" label="Body as hexadecimal bytes">
        {rows.map((row) => (
          <span key={row.offset} class="line">
            <span class="hex-offset">{row.offset}</span>
            {'  '}
            {row.hex.padEnd(49, ' ')}
            {'  '}
            <span class="hex-ascii">{row.ascii}</span>
            {'\n'}
          </span>
        ))}
      </CodeBlock>
      <ShowMore shown={shown} total={totalRows} unit="rows of 16 bytes" step={HEX_ROW_STEP} onMore={more} />
    </>
  );
}

function MultipartView(props: { bytes: Uint8Array; contentType: string | null }) {
  const parts = useMemo(() => multipartParts(props.bytes, props.contentType), [props.bytes, props.contentType]);
  const { shown, more } = useShown(parts?.length ?? 0, PART_STEP);
  if (parts === null || parts.length === 0) return <HexView bytes={props.bytes} />;
  return (
    <>
      <ol class="parts">
        {parts.slice(0, shown).map((part, i) => (
          <li key={i} class="part">
            <PartView part={part} index={i} />
          </li>
        ))}
      </ol>
      <ShowMore shown={shown} total={parts.length} unit="parts" step={PART_STEP} onMore={more} />
    </>
  );
}

function PartView(props: { part: MultipartPart; index: number }) {
  const { part } = props;
  return (
    <section aria-label={`Part ${props.index + 1}`}>
      <header class="part-head">
        <span class="part-index">#{props.index + 1}</span>
        {part.name !== null && (
          <span class="mono">
            <span class="muted">name </span>
            {part.name}
          </span>
        )}
        {part.filename !== null && (
          <span class="mono">
            <span class="muted">file </span>
            {part.filename}
          </span>
        )}
        <span class="muted small">
          {part.contentType ?? 'text/plain'} · {formatSize(part.bytes.length)}
        </span>
      </header>
      {part.headers.length > 0 && (
        <PairsTable caption={`Headers of part ${props.index + 1}`} pairs={part.headers} nameLabel="Header" />
      )}
      {part.bytes.length === 0 ? (
        <p class="muted small">Empty</p>
      ) : part.text !== null ? (
        /json/i.test(part.contentType ?? '') ? (
          <JsonView text={part.text} />
        ) : (
          <ClippedText text={part.text} label={`Part ${props.index + 1} text`} />
        )
      ) : (
        <HexView bytes={part.bytes.subarray(0, 4096)} />
      )}
    </section>
  );
}
