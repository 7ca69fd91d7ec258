import { useState } from 'preact/hooks';
import { CodeBlock } from './CodeBlock.js';
import './ShowMore.css';

/**
 * How many of `total` items to render (`first` at first), growing by `step` on "Show more": a
 * body of 50,000 form fields or 1,000 parts puts only the first rows in the DOM, so opening it
 * stays quick.
 */
export function useShown(total: number, step: number, first = step): { shown: number; more: () => void } {
  const [shown, setShown] = useState(first);
  return { shown: Math.min(total, shown), more: () => setShown((count) => count + step) };
}

/** "Showing n of m" and the button that shows the next `step`; nothing once all are shown. */
export function ShowMore(props: { shown: number; total: number; unit: string; onMore: () => void; step: number }) {
  if (props.shown >= props.total) return null;
  return (
    <p class="show-more muted small" data-testid="show-more">
      <span>
        Showing {props.shown.toLocaleString('en')} of {props.total.toLocaleString('en')} {props.unit}.
      </span>{' '}
      <button type="button" class="btn btn-sm" onClick={props.onMore}>
        Show {Math.min(props.step, props.total - props.shown).toLocaleString('en')} more
      </button>
    </p>
  );
}

/** Characters of text rendered at first and per "Show more" (a 1 MB line lays out slowly). */
export const TEXT_STEP = 64 * 1024;

/** Long text, rendered a part at a time; the copy and download buttons keep the whole text. */
export function ClippedText(props: { text: string; label: string; class?: string; testId?: string }) {
  const { shown, more } = useShown(props.text.length, TEXT_STEP);
  return (
    <>
      <CodeBlock class={props.class ?? 'code'} label={props.label} {...(props.testId ? { testId: props.testId } : {})}>
        {shown < props.text.length ? props.text.slice(0, shown) : props.text}
      </CodeBlock>
      <ShowMore shown={shown} total={props.text.length} unit="characters" step={TEXT_STEP} onMore={more} />
    </>
  );
}
