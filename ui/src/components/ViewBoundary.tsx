import { Component, type ComponentChildren } from 'preact';
import { BodyLimitError } from '../lib/body/parse.js';

/** Thrown by a view that cannot show its body; the message is the full reason ("it is ..."). */
export class SkipView extends Error {
  override readonly name = 'SkipView';
}

interface Props {
  /** What the fallback shows instead, given why the view stopped. */
  fallback: (reason: string) => ComponentChildren;
  children: ComponentChildren;
}

interface State {
  reason: string | null;
}

/**
 * Keeps one view's failure inside that view: a formatter that hits its limit or throws on a
 * hostile body turns into the fallback, and the rest of the inspector (headers, replay, delete)
 * keeps working. Give it a `key` per view so that switching views starts it afresh.
 */
export class ViewBoundary extends Component<Props, State> {
  override state: State = { reason: null };

  static override getDerivedStateFromError(error: unknown): State {
    return { reason: reasonOf(error) };
  }

  override componentDidCatch(error: unknown): void {
    // Caught here, so it never reaches the page as an uncaught error; the reason is on screen.
    this.setState({ reason: reasonOf(error) });
  }

  override render() {
    return this.state.reason === null ? this.props.children : this.props.fallback(this.state.reason);
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof SkipView) return error.message;
  if (error instanceof BodyLimitError) return `it is ${error.message}`;
  // The message of a browser error (e.g. RangeError) is the engine's own text, never captured bytes.
  return `it failed (${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error'})`;
}

/** Why a view shows nothing of the body, and where to see it instead. */
export function Skipped(props: { what: string; reason: string; children?: ComponentChildren }) {
  return (
    <div class="note body-skipped" data-testid="view-skipped" role="status">
      <p>
        The {props.what} view skipped this body: {props.reason}.
      </p>
      {props.children !== undefined && <p class="body-skipped-actions">{props.children}</p>}
    </div>
  );
}
