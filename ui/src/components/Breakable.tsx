import { Fragment } from 'preact';
import { breakPieces } from '../lib/url-display.js';

const MAX_BROKEN = 20_000;

/**
 * Text that wraps only after separators (`/`, `?`, `&`, `=`, `-`…), never inside a word: an
 * optional break (`<wbr>`) after each one. The text itself is unchanged (copying it copies the
 * same characters), and a word too long for a line of its own still wraps rather than overflow.
 */
export function Breakable(props: { text: string }) {
  // Past this, a break opportunity per separator costs more DOM than it is worth.
  if (props.text.length > MAX_BROKEN) return <>{props.text}</>;
  const pieces = breakPieces(props.text);
  if (pieces.length < 2) return <>{props.text}</>;
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {piece}
          {i < pieces.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
