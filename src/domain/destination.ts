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
