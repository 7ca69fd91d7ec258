import { readFile } from 'node:fs/promises';
import type { AlertDelivery, AlertRule, AlertRuleInput } from '../../client/types.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { UsageError } from '../exit.js';
import { cleanLine, json, table } from '../format.js';
import type { CliIO } from '../io.js';

/**
 * `rehook alerts list|set|delete|deliveries <inboxId>` (docs/insight.md, "Alerts"): the alert
 * rules of a saved inbox and its recent notifications, through the API.
 */

export type AlertsOptions = ClientOptions & { readonly inboxId: string } & (
    | { readonly action: 'list' | 'delete' | 'deliveries' }
    | { readonly action: 'set'; readonly file: string }
  );

const SET = ['alerts', 'set'];

async function readRules(path: string, io: CliIO): Promise<AlertRuleInput[]> {
  let text: string;
  try {
    if (path === '-') {
      const piped = await io.stdin();
      if (piped === null) throw new UsageError('--file -: standard input is a terminal; pipe the JSON in', SET);
      text = piped;
    } else {
      text = await readFile(path, 'utf8');
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(
      `--file ${path}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`,
      SET,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (err) {
    throw new UsageError(`--file ${path}: not JSON (${(err as Error).message})`, SET);
  }
  const rules = Array.isArray(parsed) ? parsed : (parsed as { rules?: unknown } | null)?.rules;
  if (!Array.isArray(rules))
    throw new UsageError(`--file ${path}: expected an array of rules or {"rules": [...]}`, SET);
  // The server checks each rule and names the field that is wrong.
  return rules as AlertRuleInput[];
}

function trigger(rule: AlertRule): string {
  if (rule.kind === 'event') return rule.filter ? `matches ${rule.filter}` : 'every event';
  if (rule.kind === 'signature') return 'signature check fails';
  if (rule.kind === 'drift') return 'schema drift';
  return `forwarding fails ${rule.failures ?? 3}x in a row`;
}

function limits(rule: AlertRule): string {
  const parts: string[] = [];
  if (rule.quietHours) parts.push(`quiet ${rule.quietHours.start}-${rule.quietHours.end} ${rule.quietHours.timeZone}`);
  if (rule.rateLimit) parts.push(`max ${rule.rateLimit.max}/${rule.rateLimit.windowSeconds}s`);
  return parts.length === 0 ? '-' : parts.join(', ');
}

function describeRules(rules: readonly AlertRule[]): string {
  if (rules.length === 0) return 'No alert rules are set for this inbox.';
  return table(
    ['ID', 'NAME', 'WHEN', 'URL', 'FORMAT', 'ENABLED', 'LIMITS'],
    rules.map((r) => [
      r.id,
      cleanLine(r.name),
      cleanLine(trigger(r)),
      cleanLine(r.url),
      r.format,
      r.enabled ? 'yes' : 'no',
      cleanLine(limits(r)),
    ]),
  );
}

function describeDeliveries(deliveries: readonly AlertDelivery[]): string {
  if (deliveries.length === 0) return 'No alert notifications yet.';
  return table(
    ['ID', 'CREATED', 'RULE', 'TYPE', 'STATE', 'ATTEMPTS', 'LAST OUTCOME'],
    deliveries.map((d) => {
      const last = d.attemptLog.at(-1);
      const outcome =
        last === undefined ? '-' : `${last.outcome}${last.statusCode === null ? '' : ` ${last.statusCode}`}`;
      return [d.id, d.createdAt, cleanLine(d.ruleName), d.type, d.state, String(d.attemptLog.length), outcome];
    }),
  );
}

export async function run(options: AlertsOptions, io: CliIO): Promise<void> {
  const client = clientFor(options);
  if (options.action === 'set') {
    const rules = await client.setAlerts(options.inboxId, await readRules(options.file, io));
    if (options.json) return io.stdout(json({ rules }));
    io.stdout(describeRules(rules));
    return;
  }
  if (options.action === 'list') {
    const rules = await client.alerts(options.inboxId);
    if (options.json) return io.stdout(json({ rules }));
    io.stdout(describeRules(rules));
    return;
  }
  if (options.action === 'deliveries') {
    const deliveries = await client.alertDeliveries(options.inboxId);
    if (options.json) return io.stdout(json({ deliveries }));
    io.stdout(describeDeliveries(deliveries));
    return;
  }
  const cancelled = await client.removeAlerts(options.inboxId);
  if (options.json) return io.stdout(json({ cancelled }));
  io.stdout(
    `Alert rules removed; ${cancelled} unsent ${cancelled === 1 ? 'notification' : 'notifications'} cancelled.`,
  );
}
