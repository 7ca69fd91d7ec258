import { useEffect, useMemo, useState } from 'preact/hooks';
import type { BodyAnalysis, PartRange, PrettyModel } from '../lib/body/analyse.js';
import { decodeBody, decodingNote } from '../lib/body/decode.js';
import { knownAnalysis, watchAnalysis } from '../lib/body/cache.js';
import { type BodyKind, decodeUtf8, hexRows, type Token } from '../lib/body/parse.js';
import { formatSize, shortType } from '../lib/format.js';
import { CodeBlock } from './CodeBlock.js';
import { FindInBody } from './FindInBody.js';
import { JsonView, PrettyJsonView } from './JsonView.js';
import { PairsTable } from './PairsTable.js';
import { Segmented } from './Tabs.js';
import { ClippedText, ShowMore, useShown } from './ShowMore.js';
import { Skipped, SkipView, ViewBoundary } from './ViewBoundary.js';
import './BodyView.css';
import './code.css';
/** XML lines rendered at first and per "Show more". */
const XML_LINE_STEP = 1_000;
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
 * The body's analysis, made in a worker; null while it runs. A big JSON body first gets its
 * first screen (model.complete false), then the whole analysis, which may say it is not JSON.
 */
function useAnalysis(bytes: Uint8Array, contentType: string | null, isText: boolean): BodyAnalysis | null {
  const [analysis, setAnalysis] = useState<BodyAnalysis | null>(() => knownAnalysis(bytes));
  useEffect(() => {
    setAnalysis(knownAnalysis(bytes));
    return watchAnalysis({ bytes, contentType, isText }, setAnalysis);
  }, [bytes, contentType, isText]);
  return analysis;
}

/**
 * The body of a captured request in the view that suits it. Everything is rendered as text
 * nodes (Preact escapes every string); no captured byte ever becomes markup. The parsing that
 * can take long (JSON, XML, forms, multipart) runs in a worker, and every view renders its first
 * part with "Show more", so a body at the ingest limit opens as fast as a small one. Each view
 * runs behind its own boundary: past a formatter's limit or on any error it says what it skipped
 * and offers the other views of the same bytes, the Raw tab and the download.
 */
export function BodyView(props: {
  /** The exact body bytes. */
  bytes: Uint8Array;
  /** The body as UTF-8 text, or null when it is not valid UTF-8. */
  bodyText: string | null;
  contentType: string | null;
  /** The body's download link. */
  bodyHref: string;
  /** Opens the inspector's Raw tab. */
  onRaw: () => void;
}) {
  const { bytes, contentType, bodyText } = props;
  // The text in the body's charset (UTF-16 when it says so), for the Text view and the find box.
  const decoded = useMemo(() => decodeBody(bytes, contentType, bodyText), [bytes, contentType, bodyText]);
  const analysis = useAnalysis(bytes, contentType, decoded.text !== null);
  const [view, setView] = useState<View | null>(null);
  const size = bytes.length;
  if (size === 0) return <p class="muted small body-empty">No body</p>;
  const meta = (
    <span class="muted small">
      {formatSize(size)}
      {contentType ? ` · ${shortType(contentType)}` : ''}
    </span>
  );
  if (analysis === null) {
    return (
      <div class="body-view" data-state="reading">
        <div class="body-toolbar">
          {meta}
          <span class="spacer" />
        </div>
        <p class="muted small body-reading" role="status">
          Reading the body…
        </p>
      </div>
    );
  }
  const { kind } = analysis;
  const options = viewOptions(kind);
  const wanted = view ?? (kind === 'binary' ? 'hex' : 'pretty');
  const shown = options.some((option) => option.id === wanted) ? wanted : (options[0]?.id ?? 'hex');
  const label = options.find((option) => option.id === shown)?.label ?? 'Hex';
  const text = decoded.text ?? '';
  const model = analysis.model;
  const asText = shown === 'text' || (shown === 'pretty' && kind === 'text');
  return (
    <div class="body-view" data-kind={kind} data-state="ready">
      <div class="body-toolbar">
        <span class="kind-chip">{KIND_LABEL[kind]}</span>
        {meta}
        <span class="spacer" />
        {options.length > 1 && <Segmented label="Body view" options={options} value={shown} onChange={setView} />}
      </div>
      {shown !== 'hex' && text !== '' && <FindInBody key={shown} text={searchableText(shown, model, text)} />}
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
        ) : asText ? (
          <TextView text={text} note={decodingNote(decoded)} />
        ) : (
          <PrettyView model={model} skipped={analysis.skipped} bytes={bytes} />
        )}
      </ViewBoundary>
    </div>
  );
}

/**
 * What the find box searches: the whole text of the view shown, not only its rendered part;
 * null while a big JSON body's pretty text is still being formatted.
 */
function searchableText(shown: View, model: PrettyModel | null, text: string): string | null {
  if (shown !== 'pretty' || model?.kind !== 'json') return text;
  return model.complete ? model.pretty : null;
}

/** The body as text, with a note when it was not read as UTF-8. */
function TextView(props: { text: string; note: string | null }) {
  return (
    <>
      {props.note !== null && (
        <p class="muted small body-decoding" data-testid="body-decoding">
          {props.note}
        </p>
      )}
      <ClippedText text={props.text} label="Body text" />
    </>
  );
}

function PrettyView(props: { model: PrettyModel | null; skipped: string | null; bytes: Uint8Array }) {
  const { model } = props;
  // The worker's reason, shown by the view's boundary with the other views and the download.
  if (model === null) throw new SkipView(props.skipped ?? 'it failed');
  if (model.kind === 'json') return <PrettyJsonView pretty={model.pretty} complete={model.complete} />;
  if (model.kind === 'xml') return <XmlView lines={model.lines} />;
  if (model.kind === 'form') return <PairsTable caption="Form fields" pairs={model.pairs} nameLabel="Field" />;
  if (model.kind === 'multipart') return <MultipartView bytes={props.bytes} parts={model.parts} />;
  return null;
}

function XmlView(props: { lines: Token[][] }) {
  const { lines } = props;
  const { shown, more } = useShown(lines.length, XML_LINE_STEP);
  return (
    <>
      <CodeBlock class="code code-xml" label="XML body">
        {lines.slice(0, shown).map((line, i) => (
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
      <ShowMore shown={shown} total={lines.length} unit="lines" step={XML_LINE_STEP} onMore={more} />
    </>
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

function MultipartView(props: { bytes: Uint8Array; parts: PartRange[] | null }) {
  const { parts } = props;
  const { shown, more } = useShown(parts?.length ?? 0, PART_STEP);
  if (parts === null || parts.length === 0) return <HexView bytes={props.bytes} />;
  return (
    <>
      <ol class="parts">
        {parts.slice(0, shown).map((part, i) => (
          <li key={i} class="part">
            <PartView part={part} bytes={props.bytes.subarray(part.start, part.end)} index={i} />
          </li>
        ))}
      </ol>
      <ShowMore shown={shown} total={parts.length} unit="parts" step={PART_STEP} onMore={more} />
    </>
  );
}

function PartView(props: { part: PartRange; bytes: Uint8Array; index: number }) {
  const { part, bytes } = props;
  // Decoded here, for the parts shown only.
  const text = useMemo(() => decodeUtf8(bytes), [bytes]);
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
          {part.contentType ?? 'text/plain'} · {formatSize(bytes.length)}
        </span>
      </header>
      {part.headers.length > 0 && (
        <PairsTable caption={`Headers of part ${props.index + 1}`} pairs={part.headers} nameLabel="Header" />
      )}
      {bytes.length === 0 ? (
        <p class="muted small">Empty</p>
      ) : text !== null ? (
        /json/i.test(part.contentType ?? '') ? (
          <JsonView text={text} />
        ) : (
          <ClippedText text={text} label={`Part ${props.index + 1} text`} />
        )
      ) : (
        <HexView bytes={bytes.subarray(0, 4096)} />
      )}
    </section>
  );
}
