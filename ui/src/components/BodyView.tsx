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

/** Bodies above this size are shown as plain text (highlighting costs a node per token). */
const HIGHLIGHT_LIMIT = 256 * 1024;
/** The hex view shows the first bytes; the download has them all. */
const HEX_LIMIT = 64 * 1024;
/** Text views show this much; the download has the rest. */
const TEXT_LIMIT = 1024 * 1024;

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

/**
 * The body of a captured request in the view that suits it. Everything is rendered as text
 * nodes (Preact escapes every string); no captured byte ever becomes markup.
 */
export function BodyView(props: {
  bodyBase64: string;
  bodyText: string | null;
  contentType: string | null;
  size: number;
}) {
  const kind = bodyKind(props.contentType, props.bodyText, props.size);
  const [view, setView] = useState<View>(kind === 'binary' ? 'hex' : 'pretty');
  const bytes = useMemo(() => base64ToBytes(props.bodyBase64), [props.bodyBase64]);
  if (kind === 'empty') return <p class="muted small body-empty">No body</p>;
  const options: { id: View; label: string }[] =
    kind === 'binary'
      ? [{ id: 'hex', label: 'Hex' }]
      : kind === 'text'
        ? [
            { id: 'pretty', label: 'Text' },
            { id: 'hex', label: 'Hex' },
          ]
        : [
            { id: 'pretty', label: KIND_LABEL[kind] },
            { id: 'text', label: 'Text' },
            { id: 'hex', label: 'Hex' },
          ];
  const shown = options.some((option) => option.id === view) ? view : (options[0]?.id ?? 'hex');
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
      {shown === 'hex' ? (
        <HexView bytes={bytes} />
      ) : shown === 'text' || kind === 'text' ? (
        <TextView text={props.bodyText ?? ''} />
      ) : kind === 'json' ? (
        <JsonView text={props.bodyText ?? ''} />
      ) : kind === 'xml' ? (
        <XmlView text={props.bodyText ?? ''} />
      ) : kind === 'form' ? (
        <PairsTable caption="Form fields" pairs={formPairs(props.bodyText ?? '')} nameLabel="Field" />
      ) : kind === 'multipart' ? (
        <MultipartView bytes={bytes} contentType={props.contentType} />
      ) : (
        <TextView text={props.bodyText ?? ''} />
      )}
    </div>
  );
}

function TextView(props: { text: string }) {
  const cut = props.text.length > TEXT_LIMIT;
  return (
    <>
      <CodeBlock class="code" label="Body text">
        {cut ? props.text.slice(0, TEXT_LIMIT) : props.text}
      </CodeBlock>
      {cut && <p class="muted small">Showing the first {formatSize(TEXT_LIMIT)}; download the body for the rest.</p>}
    </>
  );
}

export function JsonView(props: { text: string }) {
  const tokens = useMemo(() => (props.text.length > HIGHLIGHT_LIMIT ? null : jsonTokens(props.text)), [props.text]);
  if (tokens === null) return <TextView text={props.text} />;
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
  if (lines === null) return <TextView text={props.text} />;
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
  const rows = useMemo(() => hexRows(props.bytes, HEX_LIMIT), [props.bytes]);
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
      {props.bytes.length > HEX_LIMIT && (
        <p class="muted small">
          Showing the first {formatSize(HEX_LIMIT)} of {formatSize(props.bytes.length)}; download the body for the rest.
        </p>
      )}
    </>
  );
}

function MultipartView(props: { bytes: Uint8Array; contentType: string | null }) {
  const parts = useMemo(() => multipartParts(props.bytes, props.contentType), [props.bytes, props.contentType]);
  if (parts === null || parts.length === 0) return <HexView bytes={props.bytes} />;
  return (
    <ol class="parts">
      {parts.map((part, i) => (
        <li key={i} class="part">
          <PartView part={part} index={i} />
        </li>
      ))}
    </ol>
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
          <pre class="code">{part.text}</pre>
        )
      ) : (
        <HexView bytes={part.bytes.subarray(0, 4096)} />
      )}
    </section>
  );
}
