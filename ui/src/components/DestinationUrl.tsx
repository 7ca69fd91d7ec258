import { useState } from 'preact/hooks';
import { shortUrl } from '../lib/url-display.js';
import { Breakable } from './Breakable.js';

/**
 * A destination as host and path, its middle elided, so two alike destinations still look
 * different. The full URL opens below on a click, a tap or Enter: a phone has no hover for a
 * tooltip.
 */
export function DestinationUrl(props: { url: string }) {
  const [open, setOpen] = useState(false);
  return (
    <span class="destination-url">
      <button
        type="button"
        class="link-button mono"
        aria-expanded={open}
        aria-label={`Destination ${props.url}: ${open ? 'hide' : 'show'} the full URL`}
        onClick={() => setOpen(!open)}
        data-testid="replay-destination"
      >
        <Breakable text={shortUrl(props.url)} />
      </button>
      {open && (
        <span class="destination-full mono small">
          <Breakable text={props.url} />
        </span>
      )}
    </span>
  );
}
