import { ALERT_KINDS, ALERT_LIMITS, type AlertKind, AlertRuleInputSchema } from './alert-rule-schema.js';
import { parseDestination } from './destination.js';
import { type EventFilter, parseEventFilter } from './event-filter.js';

/**
 * Alerts (docs/insight.md, "Alerts"): per saved inbox, rules that notify a URL when something
 * happens to it. Notifications go through the durable delivery machinery forwarding uses
 * (services/delivery-worker.ts), so they are retried with backoff, leased, recorded per
 * attempt and sent through the SSRF guard. Pure: parsing, quiet hours, the rate limit's
 * arithmetic and the message texts. No I/O here.
 */

export { ALERT_KINDS, ALERT_LIMITS, type AlertKind };
export type AlertFormat = 'json' | 'slack';

/** A daily window in an IANA time zone; `start` > `end` wraps past midnight (22:00-07:00). */
export interface QuietHours {
  /** HH:MM, 24-hour. */
  readonly start: string;
  readonly end: string;
  readonly timeZone: string;
}

/** At most `max` notifications per `windowSeconds`; the rest are counted into one summary. */
export interface AlertRateLimit {
  readonly max: number;
  readonly windowSeconds: number;
}

export interface AlertRule {
  /** alr_ + random; kept when a PUT sends it back, new otherwise. */
  readonly id: string;
  readonly name: string;
  readonly kind: AlertKind;
  /** kind `event`: the events listing's filter as a query string (`method=POST&json=type=paid`). */
  readonly filter?: string;
  /** kind `forwarding`: consecutive failed delivery attempts that trigger (once per streak). */
  readonly failures?: number;
  readonly url: string;
  readonly format: AlertFormat;
  readonly enabled: boolean;
  readonly quietHours?: QuietHours;
  readonly rateLimit?: AlertRateLimit;
}

export type AlertInputProblem = { readonly path: string; readonly message: string; readonly code?: 'destination' };

type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: AlertInputProblem };

/** The fields a rule may have: the request schema's, so the two cannot disagree. */
const RULE_FIELDS = new Set(Object.keys(AlertRuleInputSchema.properties));
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const RULE_ID = /^alr_[0-9a-z]{1,40}$/;

/** The filter of an `event` rule, parsed by the events listing's parser. */
export function parseAlertFilter(filter: string): { ok: true; filter: EventFilter } | { ok: false; message: string } {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(filter)) {
    const prev = query[key];
    query[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  const parsed = parseEventFilter(query);
  return parsed.ok ? { ok: true, filter: parsed.filter } : { ok: false, message: parsed.message };
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail<T>(path: string, message: string, code?: 'destination'): Parsed<T> {
  return { ok: false, problem: code === undefined ? { path, message } : { path, message, code } };
}

function parseQuietHours(raw: unknown, at: string): Parsed<QuietHours | undefined> {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  if (!isRecord(raw)) return fail(at, 'quietHours must be an object {start, end, timeZone}');
  const { start, end, timeZone } = raw;
  if (typeof start !== 'string' || !HH_MM.test(start)) return fail(`${at}/start`, 'quietHours.start must be HH:MM');
  if (typeof end !== 'string' || !HH_MM.test(end)) return fail(`${at}/end`, 'quietHours.end must be HH:MM');
  if (start === end) return fail(`${at}/end`, 'quietHours.end must differ from quietHours.start');
  if (typeof timeZone !== 'string' || !isTimeZone(timeZone)) {
    return fail(`${at}/timeZone`, 'quietHours.timeZone must be an IANA time zone such as Europe/Paris or UTC');
  }
  return { ok: true, value: { start, end, timeZone } };
}

function parseRateLimit(raw: unknown, at: string): Parsed<AlertRateLimit | undefined> {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  if (!isRecord(raw)) return fail(at, 'rateLimit must be an object {max, windowSeconds}');
  const { max, windowSeconds } = raw;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > ALERT_LIMITS.maxRateMax) {
    return fail(`${at}/max`, `rateLimit.max must be an integer from 1 to ${ALERT_LIMITS.maxRateMax}`);
  }
  const maxWindow = ALERT_LIMITS.maxWindowSeconds;
  if (
    typeof windowSeconds !== 'number' ||
    !Number.isInteger(windowSeconds) ||
    windowSeconds < 1 ||
    windowSeconds > maxWindow
  ) {
    return fail(`${at}/windowSeconds`, `rateLimit.windowSeconds must be an integer from 1 to ${maxWindow}`);
  }
  return { ok: true, value: { max, windowSeconds } };
}

/**
 * One rule of a PUT body, checked. `newId` names a rule sent without an id. A destination the
 * URL check refuses is a problem with code `destination` (INVALID_DESTINATION); the rest are
 * VALIDATION_FAILED.
 */
export function parseAlertRule(raw: unknown, index: number, newId: () => string): Parsed<AlertRule> {
  const at = `/rules/${index}`;
  if (!isRecord(raw)) return fail(at, 'each rule must be an object');
  for (const key of Object.keys(raw)) {
    if (!RULE_FIELDS.has(key)) return fail(`${at}/${key}`, `Unknown field ${key} in rule ${index}`);
  }
  const id = raw['id'] ?? newId();
  if (typeof id !== 'string' || !RULE_ID.test(id))
    return fail(`${at}/id`, 'id must be alr_ followed by letters and digits');
  const name = raw['name'];
  if (typeof name !== 'string' || name.trim() === '' || name.length > ALERT_LIMITS.nameLength) {
    return fail(`${at}/name`, `name must be 1 to ${ALERT_LIMITS.nameLength} characters`);
  }
  const kind = raw['kind'];
  if (typeof kind !== 'string' || !(ALERT_KINDS as readonly string[]).includes(kind)) {
    return fail(`${at}/kind`, `kind must be one of ${ALERT_KINDS.join(', ')}`);
  }
  const format = raw['format'] ?? 'json';
  if (format !== 'json' && format !== 'slack') return fail(`${at}/format`, 'format must be json or slack');
  const enabled = raw['enabled'] ?? true;
  if (typeof enabled !== 'boolean') return fail(`${at}/enabled`, 'enabled must be true or false');
  const target = parseDestination(raw['url']);
  if (!target.ok) return fail(`${at}/url`, `Invalid url: ${target.reason}`, 'destination');
  let filter: string | undefined;
  let failures: number | undefined;
  if (kind === 'event') {
    const text = raw['filter'] ?? '';
    if (typeof text !== 'string' || text.length > ALERT_LIMITS.filterLength) {
      return fail(`${at}/filter`, `filter must be a query string of at most ${ALERT_LIMITS.filterLength} characters`);
    }
    const parsed = parseAlertFilter(text);
    if (!parsed.ok) return fail(`${at}/filter`, parsed.message);
    filter = text;
  } else if (raw['filter'] !== undefined) {
    return fail(`${at}/filter`, 'filter is only for rules of kind event');
  }
  if (kind === 'forwarding') {
    const n = raw['failures'] ?? 3;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > ALERT_LIMITS.maxFailures) {
      return fail(`${at}/failures`, `failures must be an integer from 1 to ${ALERT_LIMITS.maxFailures}`);
    }
    failures = n;
  } else if (raw['failures'] !== undefined) {
    return fail(`${at}/failures`, 'failures is only for rules of kind forwarding');
  }
  const quiet = parseQuietHours(raw['quietHours'], `${at}/quietHours`);
  if (!quiet.ok) return quiet;
  const rate = parseRateLimit(raw['rateLimit'], `${at}/rateLimit`);
  if (!rate.ok) return rate;
  return {
    ok: true,
    value: {
      id,
      name: name.trim(),
      kind: kind as AlertKind,
      ...(filter !== undefined ? { filter } : {}),
      ...(failures !== undefined ? { failures } : {}),
      url: raw['url'] as string,
      format,
      enabled,
      ...(quiet.value ? { quietHours: quiet.value } : {}),
      ...(rate.value ? { rateLimit: rate.value } : {}),
    },
  };
}

/** Every rule of a PUT body (`{rules:[...]}`), checked; the first problem otherwise. */
export function parseAlertRules(body: Record<string, unknown>, newId: () => string): Parsed<AlertRule[]> {
  for (const key of Object.keys(body)) {
    if (key !== 'rules') return fail(`/${key}`, `Unknown field ${key}: send {"rules": [...]}`);
  }
  const raw = body['rules'];
  if (!Array.isArray(raw)) return fail('/rules', 'rules must be an array');
  if (raw.length > ALERT_LIMITS.maxRules) return fail('/rules', `at most ${ALERT_LIMITS.maxRules} rules per inbox`);
  const rules: AlertRule[] = [];
  const ids = new Set<string>();
  for (const [index, item] of raw.entries()) {
    const parsed = parseAlertRule(item, index, newId);
    if (!parsed.ok) return parsed;
    if (ids.has(parsed.value.id)) return fail(`/rules/${index}/id`, `id ${parsed.value.id} is used twice`);
    ids.add(parsed.value.id);
    rules.push(parsed.value);
  }
  return { ok: true, value: rules };
}

function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** The wall-clock minute of the day (0..1439) at `at` in `timeZone`. */
export function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** True when `at` falls in the quiet window (start included, end excluded). */
export function inQuietHours(quiet: QuietHours, at: Date): boolean {
  const now = minuteOfDay(at, quiet.timeZone);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** A rule's rate-limit window: when it opened, how many were sent in it, how many held back. */
export interface RateWindow {
  readonly startMs: number;
  readonly sent: number;
  readonly suppressed: number;
}

/**
 * What the rate limit makes of one more notification at `nowMs`: `send` (and the window after
 * it), or `suppress` (counted into the window's summary). A window opens with the first
 * notification after the previous one closed; `closed` is a window that ended with held-back
 * notifications, whose summary is due.
 */
export function admit(
  window: RateWindow | undefined,
  limit: AlertRateLimit,
  nowMs: number,
): { decision: 'send' | 'suppress'; window: RateWindow; closed: RateWindow | null } {
  const lengthMs = limit.windowSeconds * 1000;
  let closed: RateWindow | null = null;
  let current = window;
  if (current !== undefined && nowMs >= current.startMs + lengthMs) {
    if (current.suppressed > 0) closed = current;
    current = undefined;
  }
  if (current === undefined) return { decision: 'send', window: { startMs: nowMs, sent: 1, suppressed: 0 }, closed };
  if (current.sent < limit.max) return { decision: 'send', window: { ...current, sent: current.sent + 1 }, closed };
  return { decision: 'suppress', window: { ...current, suppressed: current.suppressed + 1 }, closed };
}

/** True when a window with held-back notifications has ended at `nowMs` (its summary is due). */
export function summaryDue(window: RateWindow, limit: AlertRateLimit, nowMs: number): boolean {
  return window.suppressed > 0 && nowMs >= window.startMs + limit.windowSeconds * 1000;
}

/** "the last minute", "the last 30 seconds", "the last 2 hours". */
export function describeWindow(seconds: number): string {
  if (seconds === 60) return 'the last minute';
  if (seconds === 3600) return 'the last hour';
  if (seconds % 3600 === 0) return `the last ${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `the last ${seconds / 60} minutes`;
  return seconds === 1 ? 'the last second' : `the last ${seconds} seconds`;
}

/** What happened, as the JSON notification carries it (`text` is also Slack's message). */
export interface AlertMessage {
  readonly type: 'alert' | 'summary';
  readonly text: string;
  readonly inboxId: string;
  readonly rule: { readonly id: string; readonly name: string; readonly kind: AlertKind };
  readonly at: string;
  readonly eventId?: string;
  readonly details?: Readonly<Record<string, unknown>>;
  /** summary: how many notifications were held back, in which window. */
  readonly count?: number;
  readonly windowStart?: string;
  readonly windowEnd?: string;
}

/** The text of a summary: "12 events matched rule X in the last minute". */
export function summaryText(rule: Pick<AlertRule, 'name' | 'kind' | 'rateLimit'>, count: number): string {
  const what =
    rule.kind === 'event'
      ? `${count} more ${count === 1 ? 'event' : 'events'} matched`
      : `${count} more ${count === 1 ? 'alert was' : 'alerts were'} raised by`;
  return `${what} rule "${rule.name}" in ${describeWindow(rule.rateLimit?.windowSeconds ?? 60)} (rate limit reached)`;
}

/**
 * `text` for Slack's mrkdwn, where `&`, `<` and `>` are control characters: `<!channel>`,
 * `<!here>`, `<@U123>`, `<#C123>` and `<http://x|label>` are mentions and links. Rehook's own
 * texts use none of them, so all three are escaped as Slack's formatting reference says
 * (&amp; &lt; &gt;, and nothing else): a sender's path, a header value or a rule name is shown
 * as typed and can neither notify a channel nor dress up a link.
 */
export function escapeSlackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The body a notification sends, in the rule's format. `json`: the message as JSON (what a
 * sender controls is a JSON string there, escaped by JSON.stringify). `slack`: the text,
 * escaped for mrkdwn ({@link escapeSlackText}).
 */
export function notificationBody(format: AlertFormat, message: AlertMessage): string {
  if (format === 'slack') return JSON.stringify({ text: escapeSlackText(`[Rehook] ${message.text}`) });
  return JSON.stringify(message);
}
