import { parseDestination } from '../domain/destination.js';
import { destinationRefusalMessage } from '../domain/destination-refusal.js';
import { AppError } from '../errors.js';
import type { EgressClient } from '../ports/egress-client.js';

/**
 * The one check of a destination that is saved to be sent to later (forwarding, alert rules,
 * bulk replay jobs): the URL rules of parseDestination, then the egress policy's verdict on
 * what needs no DNS lookup (IP literals in any notation, `localhost`, `localhost.`,
 * `*.localhost`), the same rule the guard applies when it dials. A name that resolves to a
 * refused address later is still refused at delivery; this only stops the settings that can
 * never work from being saved with "Saved" shown.
 *
 * Throws INVALID_DESTINATION (400) with the reason and, for a refused address, the setting
 * that opens it and the `rehook listen` hint. `path` names the field in `details`.
 */
export function checkDestinationToSave(
  client: Pick<EgressClient, 'refusal'>,
  raw: unknown,
  opts: { readonly path: string; readonly label?: string },
): URL {
  const label = opts.label ?? 'destination';
  const target = parseDestination(raw);
  if (!target.ok) {
    const message = `Invalid ${label}: ${target.reason}`;
    throw new AppError('INVALID_DESTINATION', { message, details: [{ path: opts.path, message }] });
  }
  const reason = client.refusal?.(target.url) ?? null;
  if (reason !== null) {
    const message = `Invalid ${label}: the egress policy refuses this address (${destinationRefusalMessage(reason)})`;
    throw new AppError('INVALID_DESTINATION', { message, details: [{ path: opts.path, message }] });
  }
  return target.url;
}
