import { useEffect, useMemo } from 'preact/hooks';
import { highlightJson, jsonTokens, type Token } from '../lib/body/parse.js';
import { mark } from '../lib/marks.js';
import { CodeBlock } from './CodeBlock.js';
import { ClippedText, ShowMore, useShown } from './ShowMore.js';
import { Skipped, ViewBoundary } from './ViewBoundary.js';
import './code.css';

/** JSON text above this size is shown as plain text (highlighting costs a node per token). */
const HIGHLIGHT_LIMIT = 256 * 1024;
/** Characters of pretty JSON highlighted at first and per "Show more" (a few thousand nodes). */
const JSON_STEP = 32 * 1024;

/** Highlighted JSON tokens: scalars in spans by kind, blanks and punctuation as plain text. */
function JsonTokens(props: { tokens: readonly Token[]; label: string }) {
  return (
    <CodeBlock class="code code-json" label={props.label}>
      {props.tokens.map((token, i) =>
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

/**
 * A body's pretty JSON (made by the worker), highlighted a part at a time: each part is cut at a
 * line break, which no pretty JSON string holds. While `complete` is false the text is only the
 * first part and the rest is still being formatted.
 */
export function PrettyJsonView(props: { pretty: string; complete: boolean }) {
  const { pretty } = props;
  // Opened on a first screen, the view keeps showing just that when the whole text arrives, so
  // the arrival re-renders the same nodes instead of adding thousands (Show more adds them).
  const { shown, more } = useShown(pretty.length, JSON_STEP, props.complete ? JSON_STEP : pretty.length);
  const end = useMemo(() => {
    if (shown >= pretty.length) return pretty.length;
    const cut = pretty.lastIndexOf('\n', shown);
    return cut > 0 ? cut + 1 : shown;
  }, [pretty, shown]);
  const tokens = useMemo(() => highlightJson(pretty.slice(0, end)), [pretty, end]);
  useEffect(() => mark('json-shown'), []);
  return (
    <>
      <JsonTokens tokens={tokens} label="JSON body" />
      {props.complete ? (
        <ShowMore shown={end} total={pretty.length} unit="characters" step={JSON_STEP} onMore={more} />
      ) : (
        <p class="show-more muted small" role="status" data-testid="json-formatting">
          Formatting the rest of the body…
        </p>
      )}
    </>
  );
}

/**
 * Highlighted JSON that can never take the page down (a captured part, a replay's response):
 * big text is shown as text, and past the formatter's limits it shows the text, saying why.
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
      <WholeJsonView text={props.text} />
    </ViewBoundary>
  );
}

/** Throws BodyLimitError past the formatter's limits (the boundary above catches it). */
function WholeJsonView(props: { text: string }) {
  const tokens = useMemo(() => (props.text.length > HIGHLIGHT_LIMIT ? null : jsonTokens(props.text)), [props.text]);
  if (tokens === null) return <ClippedText text={props.text} label="JSON body" />;
  return <JsonTokens tokens={tokens} label="JSON body" />;
}
