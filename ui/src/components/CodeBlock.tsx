import type { ComponentChildren } from 'preact';
import './code.css';

/**
 * A block of code or captured text that scrolls on its own. It takes focus so that keyboard
 * users can scroll it (axe: scrollable-region-focusable), and a label says what it holds.
 */
export function CodeBlock(props: { class: string; label?: string; testId?: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: names the focusable block for the screen reader that lands on it
    <pre
      class={props.class}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable for keyboard users
      tabIndex={0}
      aria-label={props.label}
      data-testid={props.testId}
    >
      {props.children}
    </pre>
  );
}
