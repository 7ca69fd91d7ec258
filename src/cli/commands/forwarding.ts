import type { Delivery, Forwarding, ForwardingInput } from '../../client/types.js';
import { FORWARDING_LIMITS } from '../../domain/forwarding-limits.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { cleanLine, json, keyValues, orDash, table } from '../format.js';
import { settingLines } from '../integer-settings.js';
import type { CliIO } from '../io.js';

/**
 * `rehook forwarding set|show|remove <inboxId>` and `rehook deliveries <eventId> [--retry]`
 * (docs/forwarding.md): automatic forwarding of a saved inbox's events, through the API.
 */

export interface ForwardingOptions extends ClientOptions {
  readonly action: 'set' | 'show' | 'remove';
  readonly inboxId: string;
  /** For `set`. */
  readonly input?: ForwardingInput;
}

function describeForwarding(f: Forwarding): string {
  return keyValues([
    ['inbox', f.inboxId],
    ['destination', cleanLine(f.destination)],
    ['enabled', f.enabled ? 'yes' : 'no (paused: new events are not queued, queued ones wait)'],
    ...settingLines(FORWARDING_LIMITS, f),
    ['created', f.createdAt],
    ['updated', f.updatedAt],
  ]);
}

export async function run(options: ForwardingOptions, io: CliIO): Promise<void> {
  const client = clientFor(options);
  if (options.action === 'set') {
    const forwarding = await client.setForwarding(options.inboxId, options.input as ForwardingInput);
    if (options.json) return io.stdout(json({ forwarding }));
    io.stdout(describeForwarding(forwarding));
    if (forwarding.enabled)
      io.stderr('Every event stored from now on is forwarded. `rehook deliveries <eventId>` shows how each went.');
    return;
  }
  if (options.action === 'show') {
    const forwarding = await client.forwarding(options.inboxId);
    if (options.json) return io.stdout(json({ forwarding }));
    io.stdout(forwarding === null ? 'No forwarding is set for this inbox.' : describeForwarding(forwarding));
    return;
  }
  const cancelled = await client.removeForwarding(options.inboxId);
  if (options.json) return io.stdout(json({ cancelled }));
  io.stdout(`Forwarding removed; ${cancelled} unfinished ${cancelled === 1 ? 'delivery' : 'deliveries'} cancelled.`);
}

export interface DeliveriesOptions extends ClientOptions {
  readonly eventId: string;
  readonly retry: boolean;
}

function describeDelivery(d: Delivery): string {
  const head = keyValues([
    ['delivery', d.id],
    ['event', d.eventId],
    ['state', d.state],
    ['attempts', String(d.attempts)],
    ['next attempt', orDash(d.nextAttemptAt)],
    ['updated', d.updatedAt],
  ]);
  if (d.attemptLog.length === 0) return `${head}\n\nNo attempts yet.`;
  const rows = d.attemptLog.map((a) => [
    String(a.number),
    a.startedAt,
    a.outcome,
    a.statusCode === null ? '-' : String(a.statusCode),
    a.latencyMs === null ? '-' : `${Math.round(a.latencyMs)} ms`,
    cleanLine(a.errorCode === null ? (a.errorMessage ?? '') : `${a.errorCode}: ${a.errorMessage ?? ''}`),
  ]);
  return `${head}\n\n${table(['#', 'STARTED', 'OUTCOME', 'STATUS', 'LATENCY', 'ERROR'], rows)}`;
}

/** `rehook deliveries <eventId> [--retry]`. */
export async function runDeliveries(options: DeliveriesOptions, io: CliIO): Promise<void> {
  const client = clientFor(options);
  if (options.retry) {
    const delivery = await client.retryDelivery(options.eventId);
    if (options.json) return io.stdout(json({ delivery }));
    io.stdout(
      `Delivery ${delivery.id} queued again (${delivery.state}); \`rehook deliveries ${delivery.eventId}\` follows it.`,
    );
    return;
  }
  const deliveries = await client.deliveries(options.eventId);
  if (options.json) return io.stdout(json({ deliveries }));
  if (deliveries.length === 0) {
    io.stdout(
      'No delivery: the event was stored while its inbox had no forwarding (or it was paused). `--retry` sends it now.',
    );
    return;
  }
  io.stdout(deliveries.map(describeDelivery).join('\n\n'));
}
