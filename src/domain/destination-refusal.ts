/**
 * What a person is told when the egress policy refuses a destination: the policy's short
 * reason, then what to do about it. One text for the API's message, the CLI (which prints the
 * API's message) and the web app (which shows it), so all three name the same setting.
 */

/** The setting that opens loopback, private and link-local addresses (src/config/schema.ts). */
export const ALLOW_PRIVATE_SETTING = 'REHOOK_ALLOW_PRIVATE_DESTINATIONS=1 (--allow-private-destinations)';

/** Reasons REHOOK_ALLOW_PRIVATE_DESTINATIONS opens (metadata and deny-list entries stay refused). */
const OPENED_BY_ALLOW_PRIVATE: ReadonlySet<string> = new Set([
  'loopback',
  'private',
  'link-local',
  'unique-local',
  'site-local',
  'carrier-grade-nat',
  'unspecified',
  'reserved',
  'benchmarking',
  'documentation',
  'non-global',
]);

/**
 * The policy's reason with its remedy, e.g. "loopback address: this server refuses loopback,
 * private and link-local destinations (REHOOK_ALLOW_PRIVATE_DESTINATIONS=1 ... allows them on
 * a development machine); to deliver to this machine, use `rehook listen`".
 */
export function destinationRefusalMessage(reason: string): string {
  if (reason === 'metadata') {
    return 'metadata: a cloud metadata address, never allowed (only an exact REHOOK_REPLAY_ALLOW_CIDRS entry opens it)';
  }
  if (reason === 'denied-by-policy') return 'denied-by-policy: REHOOK_REPLAY_DENY_CIDRS denies this address';
  if (!OPENED_BY_ALLOW_PRIVATE.has(reason) && !reason.startsWith('6to4-')) return reason;
  const local =
    reason === 'loopback' || reason === 'unspecified'
      ? '; to deliver to localhost on your own machine, run `rehook listen <inboxId> --forward-to http://localhost:PORT/...`'
      : '';
  return (
    `${reason}: this server refuses loopback, private and link-local destinations; ` +
    `${ALLOW_PRIVATE_SETTING} allows them on a development machine${local}`
  );
}
