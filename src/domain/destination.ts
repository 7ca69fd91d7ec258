/** Longest destination URL accepted; longer ones are refused before any parsing work. */
export const MAX_DESTINATION_LENGTH = 4096;

export type DestinationCheck =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly reason: string };

/**
 * Validates a replay destination with the WHATWG URL parser, the same parser whose result the
 * egress client connects to, so the address checked is the address dialed (no parser
 * differential between validation and connection).
 */
export function parseDestination(raw: unknown): DestinationCheck {
  if (typeof raw !== 'string') return { ok: false, reason: 'destination must be a string' };
  if (raw.length === 0 || raw.length > MAX_DESTINATION_LENGTH) {
    return { ok: false, reason: `destination must be 1 to ${MAX_DESTINATION_LENGTH} characters` };
  }
  // WHATWG silently strips surrounding spaces and inner tabs/newlines; refuse them instead, so
  // what the user typed is exactly what is dialed.
  if (/[\u0000-\u0020\u007f]/.test(raw)) {
    return { ok: false, reason: 'destination must not contain spaces or control characters' };
  }
  // `localhost:19090/hooks` is a valid URL of scheme "localhost:" (path "19090/hooks"), and
  // `example.com/hooks` no URL at all: both are a host typed without its scheme. Refused with
  // the URL meant, never completed silently: http or https is the sender's choice to make.
  const missing = missingScheme(raw);
  if (missing !== null) {
    return {
      ok: false,
      reason: `destination needs http:// or https:// in front of the host: did you mean http://${missing}?`,
    };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'destination is not a valid absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'destination scheme must be http or https' };
  }
  // Credentials in a URL end up in logs and history; refuse them rather than store secrets.
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'destination must not contain credentials' };
  }
  if (url.hostname === '') return { ok: false, reason: 'destination has no host' };
  if (url.port === '0') return { ok: false, reason: 'destination port must be 1 to 65535' };
  return { ok: true, url };
}

/** What stands for the parts of a destination hidden from who may not change it. */
export const REDACTED_PART = '***';

/** True for an IP literal host (WHATWG writes IPv4 as dotted decimal, IPv6 in brackets). */
function isIpHost(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * A destination URL (forwarding, alert rule, a delivery's attempt) as shown to someone who may
 * read an inbox's settings but not change them: where it goes, never what lets a request in.
 * Kept: the scheme, the host and the port. Hidden: user name and password, the whole path, the
 * query and the fragment (Slack and Discord webhooks keep their token in the path, many others
 * in `?token=`), and any host label left of the last two that holds a digit (per-endpoint
 * subdomains such as eo1a2b3c.m.pipedream.net). One hidden part or more shows as `/***`.
 * Something that is not a URL shows as `***`.
 */
export function redactDestination(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return REDACTED_PART;
  }
  const labels = url.hostname.split('.');
  const hostname = isIpHost(url.hostname)
    ? url.hostname
    : labels.map((label, i) => (i < labels.length - 2 && /\d/.test(label) ? REDACTED_PART : label)).join('.');
  const host = url.port === '' ? hostname : `${hostname}:${url.port}`;
  const hidden =
    url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '';
  return `${url.protocol}//${host}/${hidden ? REDACTED_PART : ''}`;
}

/**
 * How an inbox's settings are shown to a caller: `whole` to who may change them, `redacted`
 * (destinations through {@link redactDestination}) to everyone else who may read them.
 */
export type SettingsView = 'whole' | 'redacted';

/** How the API describes a destination field that may be shown redacted. */
export const REDACTED_DESTINATION_NOTE =
  'To a caller who may not change the settings (a viewer or member of the team, a read or replay token), only ' +
  'the scheme, host and port: `/***` stands for the path, query and credentials, `***` for a host label with a digit.';

/** `url` as `view` shows it. */
export function destinationFor(view: SettingsView, url: string): string {
  return view === 'whole' ? url : redactDestination(url);
}

/** A host, an optional port, then a path, query or nothing: what a URL without `scheme://` looks like. */
const HOST_FIRST = /^(?:localhost|\[[0-9a-f:.]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)+\.?)(?::\d{1,5})?(?:[/?#]|$)/i;

/** `raw` when it is a host (and port, path) typed without `http://`; null otherwise. */
function missingScheme(raw: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return null;
  const bare = raw.startsWith('//') ? raw.slice(2) : raw;
  return HOST_FIRST.test(bare) ? bare : null;
}

/** Characters never allowed in a path or query a person edits: controls, DEL, '#' and '\'. */
const URL_PART_FORBIDDEN = /[\u0000-\u001f\u007f#\\]/;

/**
 * A path or query typed by a person, as it is sent: spaces percent-encoded (`/my hooks` is
 * `/my%20hooks`, as a browser's address bar does), or null when it holds a control character,
 * '#' or '\', which have no single meaning in a URL part. One rule for the API, the CLI and the
 * web app, which all send the text to the API.
 */
export function encodeUrlPart(text: string): string | null {
  if (URL_PART_FORBIDDEN.test(text)) return null;
  return text.replaceAll(' ', '%20');
}
