import { randomBytes } from 'node:crypto';
import type { CapturedEvent } from '../domain/captured-event.js';
import {
  type AlertMessage,
  type AlertRule,
  admit,
  inQuietHours,
  notificationBody,
  parseAlertFilter,
  type RateWindow,
  summaryDue,
  summaryText,
} from '../domain/alerts.js';
import { redactDestination } from '../domain/destination.js';
import { type EventFilter, eventMatchesFilter } from '../domain/event-filter.js';
import type { AttemptOutcome } from '../domain/outbound-delivery.js';
import type { ServiceDeps } from './deps.js';
import { alertRulesCacheFor } from './alerts.js';

/**
 * What raises alert notifications, in this process (docs/insight.md, "Alerts"). Each trigger
 * reads the inbox's rules (cached, like response rules), drops what a disabled rule or its
 * quiet hours silence, applies the rule's rate limit (in memory: at most `max` per window, the
 * rest counted into one summary queued when the window ends) and queues the notification in the
 * database, from where the alert worker delivers it durably.
 *
 * The triggers:
 * - `onEventStored(event)`: ingest calls it after the event is committed and before it answers
 *   the sender, so an acknowledged event's notification is queued; rules of kind `event` (the
 *   events listing's filter) and `signature` (the check at capture was `invalid`).
 * - `onDrift(event)`: rules of kind `drift`; whoever marks an event as drifting calls it once
 *   the marker is stored.
 * - `onForwardingAttempt(...)`: rules of kind `forwarding`; the delivery worker calls it after
 *   each recorded attempt, and a rule fires once when its inbox's failures in a row reach its
 *   `failures`.
 */
export interface AlertEvaluator {
  onEventStored(event: CapturedEvent): void | Promise<void>;
  onDrift(event: DriftedEvent): Promise<void>;
  onForwardingAttempt(input: {
    readonly inboxId: string;
    readonly eventId: string;
    readonly outcome: AttemptOutcome;
    readonly url: string;
  }): Promise<void>;
  /** Queues the summaries of rate windows that have ended (a timer does it every second too). */
  flushSummaries(): Promise<void>;
  stop(): void;
}

/** What onDrift needs of an event marked as drifting: which, and what differs (shown as is). */
export interface DriftedEvent {
  readonly id: string;
  readonly inboxId: string;
  /** The drift marker's description of what differs, copied into the notification. */
  readonly drift?: unknown;
}

interface WindowState {
  readonly window: RateWindow;
  readonly rule: AlertRule;
  readonly inboxId: string;
}

let sequence = 0;

/** ntf_ + the time in base 36 + a counter + random: sortable by creation in this process. */
function notificationId(nowMs: number): string {
  sequence = (sequence + 1) % 1_679_616;
  return `ntf_${nowMs.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomBytes(5).toString('hex')}`;
}

export function createAlertEvaluator(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  opts: {
    /** Told when a notification was queued (the local worker looks at once). */
    readonly onQueued?: () => void;
    readonly onError?: (err: unknown, context: string) => void;
    /** How often ended rate windows are looked for (default 1 s). */
    readonly flushIntervalMs?: number;
  } = {},
): AlertEvaluator {
  const cache = alertRulesCacheFor(deps.store);
  const windows = new Map<string, WindowState>();
  const failureStreaks = new Map<string, number>();
  const filters = new Map<string, EventFilter | null>();
  const onError = opts.onError ?? (() => undefined);

  const rulesOf = (inboxId: string): readonly AlertRule[] | Promise<readonly AlertRule[]> =>
    cache.lookup(inboxId, async (id) => (await deps.store.alerts.findRules(id)) ?? []);

  function filterOf(rule: AlertRule): EventFilter | null {
    const text = rule.filter ?? '';
    let filter = filters.get(text);
    if (filter === undefined) {
      const parsed = parseAlertFilter(text);
      filter = parsed.ok ? parsed.filter : null;
      if (filters.size > 1000) filters.clear();
      filters.set(text, filter);
    }
    return filter;
  }

  async function enqueue(
    inboxId: string,
    rule: AlertRule,
    message: Omit<AlertMessage, 'inboxId' | 'rule' | 'at'>,
    now: Date,
  ): Promise<void> {
    const full: AlertMessage = {
      inboxId,
      rule: { id: rule.id, name: rule.name, kind: rule.kind },
      at: now.toISOString(),
      ...message,
    };
    await deps.store.alerts.enqueue({
      id: notificationId(now.getTime()),
      inboxId,
      ruleId: rule.id,
      ruleName: rule.name,
      kind: rule.kind,
      type: message.type,
      url: rule.url,
      format: rule.format,
      body: notificationBody(rule.format, full),
      eventId: message.eventId ?? null,
      createdAt: now,
    });
    opts.onQueued?.();
  }

  async function queueSummary(state: WindowState, endMs: number): Promise<void> {
    const { rule, window } = state;
    const count = window.suppressed;
    await enqueue(
      state.inboxId,
      rule,
      {
        type: 'summary',
        text: summaryText(rule, count),
        count,
        windowStart: new Date(window.startMs).toISOString(),
        windowEnd: new Date(endMs).toISOString(),
      },
      deps.clock.now(),
    );
  }

  /** One occurrence of `rule`: silenced, rate limited, or queued. */
  async function raise(
    inboxId: string,
    rule: AlertRule,
    message: Omit<AlertMessage, 'inboxId' | 'rule' | 'at' | 'type'>,
  ): Promise<void> {
    const now = deps.clock.now();
    if (!rule.enabled) return;
    if (rule.quietHours !== undefined && inQuietHours(rule.quietHours, now)) return;
    if (rule.rateLimit !== undefined) {
      const key = `${inboxId}/${rule.id}`;
      const previous = windows.get(key);
      // A rule edited since its window opened keeps the window (same id), with its new settings.
      const result = admit(previous?.window, rule.rateLimit, now.getTime());
      windows.set(key, { window: result.window, rule, inboxId });
      if (result.closed !== null && previous !== undefined) {
        await queueSummary(
          { ...previous, window: result.closed },
          result.closed.startMs + rule.rateLimit.windowSeconds * 1000,
        );
      }
      if (result.decision === 'suppress') return;
    }
    await enqueue(inboxId, rule, { type: 'alert', ...message }, now);
  }

  async function raiseAll(
    inboxId: string,
    rules: readonly AlertRule[],
    build: (rule: AlertRule) => Omit<AlertMessage, 'inboxId' | 'rule' | 'at' | 'type'> | null,
  ): Promise<void> {
    for (const rule of rules) {
      const message = build(rule);
      if (message === null) continue;
      try {
        await raise(inboxId, rule, message);
      } catch (err) {
        onError(err, `queue alert ${rule.id}`);
      }
    }
  }

  function eventMessage(
    event: CapturedEvent,
    rule: AlertRule,
  ): Omit<AlertMessage, 'inboxId' | 'rule' | 'at' | 'type'> | null {
    const where = `${event.method} ${event.path}`;
    if (rule.kind === 'event') {
      const filter = filterOf(rule);
      if (filter === null || !eventMatchesFilter(event, filter)) return null;
      return {
        text: `Event ${event.id} (${where}) matched rule "${rule.name}"`,
        eventId: event.id,
        details: { method: event.method, path: event.path },
      };
    }
    if (rule.kind === 'signature') {
      if (event.signature?.status !== 'invalid') return null;
      return {
        text: `Signature check failed for event ${event.id} (${where}): ${event.signature.reason ?? 'invalid'}`,
        eventId: event.id,
        details: { method: event.method, path: event.path, signature: event.signature },
      };
    }
    return null;
  }

  async function evaluateEvent(event: CapturedEvent, rules: readonly AlertRule[]): Promise<void> {
    await raiseAll(event.inboxId, rules, (rule) => eventMessage(event, rule));
  }

  const flushSummaries = async (): Promise<void> => {
    const nowMs = deps.clock.now().getTime();
    for (const [key, state] of windows) {
      const limit = state.rule.rateLimit;
      if (limit === undefined) continue;
      if (!summaryDue(state.window, limit, nowMs)) {
        if (nowMs >= state.window.startMs + limit.windowSeconds * 1000) windows.delete(key);
        continue;
      }
      windows.delete(key);
      try {
        await queueSummary(state, state.window.startMs + limit.windowSeconds * 1000);
      } catch (err) {
        onError(err, `queue alert summary ${state.rule.id}`);
      }
    }
  };
  const timer = setInterval(() => void flushSummaries(), opts.flushIntervalMs ?? 1000);
  timer.unref();

  return {
    onEventStored(event) {
      let rules: readonly AlertRule[] | Promise<readonly AlertRule[]>;
      try {
        rules = rulesOf(event.inboxId);
      } catch (err) {
        onError(err, 'read alert rules');
        return;
      }
      // The common case: no rules, cached; no promise, no extra turn of the event loop.
      if (!(rules instanceof Promise)) {
        if (!rules.some((r) => r.kind === 'event' || r.kind === 'signature')) return;
        return evaluateEvent(event, rules);
      }
      return rules.then(
        (loaded) => evaluateEvent(event, loaded),
        (err: unknown) => onError(err, 'read alert rules'),
      );
    },
    async onDrift(event) {
      const rules = await rulesOf(event.inboxId);
      await raiseAll(event.inboxId, rules, (rule) =>
        rule.kind !== 'drift'
          ? null
          : {
              text: `Event ${event.id} does not fit the schema learned for its type`,
              eventId: event.id,
              ...(event.drift !== undefined ? { details: { drift: event.drift } } : {}),
            },
      );
    },
    async onForwardingAttempt(input) {
      if (input.outcome === 'abandoned') return;
      if (input.outcome === 'delivered') {
        failureStreaks.delete(input.inboxId);
        return;
      }
      const streak = (failureStreaks.get(input.inboxId) ?? 0) + 1;
      failureStreaks.set(input.inboxId, streak);
      const rules = await rulesOf(input.inboxId);
      // The notification goes out of Rehook (a chat channel, say) and its body is listed to
      // every reader of the inbox: the forwarding URL's secret parts stay behind.
      const url = redactDestination(input.url);
      await raiseAll(input.inboxId, rules, (rule) =>
        rule.kind !== 'forwarding' || rule.failures !== streak
          ? null
          : {
              text: `Forwarding failed ${streak} times in a row (last: event ${input.eventId} to ${url}, ${input.outcome})`,
              eventId: input.eventId,
              details: { failures: streak, lastOutcome: input.outcome, url },
            },
      );
    },
    flushSummaries,
    stop: () => clearInterval(timer),
  };
}
