/** Longest destination URL accepted; longer ones are refused before any parsing work. */
export const MAX_DESTINATION_LENGTH = 4096;

export type DestinationCheck =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly reason: string };

/**
 * Validates a replay destination with the WHATWG URL parser, the same parser whose result the
 * replay client connects to, so the address checked is the address dialed (no parser
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
