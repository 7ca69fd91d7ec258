import { randomBytes } from 'node:crypto';
import type { AlertNotificationWithAttempts } from '../domain/alert-notification.js';
import { ALERT_LIMITS, type AlertRule, parseAlertRules } from '../domain/alerts.js';
import type { SettingsView } from '../domain/destination.js';
import type { Inbox } from '../domain/inbox.js';
import type { InboxAction } from '../domain/team.js';
import { AppError } from '../errors.js';
import type { Store } from '../ports/store.js';
import { checkDestinationToSave } from './destination-check.js';
import type { Principal, ServiceDeps } from './deps.js';
import { settingsViewFor } from './inboxes.js';
import { savedInbox } from './saved-inbox.js';
import { alertsChanged } from './alert-worker.js';
import { ShortLivedCache } from './short-lived-cache.js';

/**
 * Alert settings (docs/insight.md, "Alerts"): the owner of a saved inbox sets, shows and removes
 * its rules and reads the recent notifications with their attempts. Only the owner, as for
 * forwarding: alerts make the server send requests, so an anonymous inbox cannot have them.
 * What raises a notification lives in alert-evaluator.ts; what sends it in alert-worker.ts.
 */

type AlertDeps = Pick<ServiceDeps, 'store' | 'clock' | 'egressClient'>;

const NOT_SAVED_MESSAGE = 'Only saved inboxes can have alerts: save the inbox first';

/** The caller's saved inbox, with the role `action` needs (savedInbox). */
function ownedInbox(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  principal: Principal,
  inboxId: string,
  action: InboxAction = 'manage',
): Promise<Inbox> {
  return savedInbox(deps, principal, inboxId, { action, notSaved: NOT_SAVED_MESSAGE });
}

/** A new rule id: alr_ + 16 random base16 characters. */
export function newAlertRuleId(): string {
  return `alr_${randomBytes(8).toString('hex')}`;
}

/**
 * The rules of a PUT body, checked: VALIDATION_FAILED (the filter parser's message for a bad
 * filter), INVALID_DESTINATION for a URL that is not a plain http(s) URL or that the egress
 * policy refuses without a lookup (an IP literal or localhost it denies).
 */
export function checkAlertRules(deps: Pick<ServiceDeps, 'egressClient'>, body: Record<string, unknown>): AlertRule[] {
  const parsed = parseAlertRules(body, newAlertRuleId);
  if (!parsed.ok) {
    const { path, message, code } = parsed.problem;
    if (code === 'destination') throw new AppError('INVALID_DESTINATION', { message, details: [{ path, message }] });
    throw new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] });
  }
  for (const [index, rule] of parsed.value.entries()) {
    checkDestinationToSave(deps.egressClient, rule.url, { path: `/rules/${index}/url`, label: 'url' });
  }
  return parsed.value;
}

/** Replaces the alert rules of a saved inbox of the caller's; returns them as stored. */
export async function setAlerts(
  deps: AlertDeps,
  principal: Principal,
  inboxId: string,
  body: Record<string, unknown>,
): Promise<AlertRule[]> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  const rules = checkAlertRules(deps, body);
  await deps.store.alerts.putRules(inbox.id, rules, deps.clock.now());
  alertRulesCacheFor(deps.store).invalidate(inbox.id);
  alertsChanged();
  return rules;
}

/**
 * The alert rules of a saved inbox of the caller's (empty when none are set), and how the caller
 * may see them: whole to who may change them, without the URLs' secret parts otherwise.
 */
export async function getAlerts(
  deps: AlertDeps,
  principal: Principal,
  inboxId: string,
): Promise<{ rules: AlertRule[]; view: SettingsView }> {
  const inbox = await ownedInbox(deps, principal, inboxId, 'read');
  const rules = (await deps.store.alerts.findRules(inbox.id)) ?? [];
  return { rules, view: await settingsViewFor(deps, principal, inbox) };
}

/**
 * Removes every alert rule of a saved inbox of the caller's and cancels the notifications not
 * sent yet. Returns how many were cancelled (0 when none were set: removing is idempotent).
 */
export async function removeAlerts(deps: AlertDeps, principal: Principal, inboxId: string): Promise<number> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  const cancelled = await deps.store.alerts.removeRules(inbox.id, deps.clock.now());
  alertRulesCacheFor(deps.store).invalidate(inbox.id);
  alertsChanged();
  return cancelled ?? 0;
}

/**
 * The inbox's most recent notifications (newest first) with their attempts, and how the caller
 * may see their URLs (as for {@link getAlerts}).
 */
export async function listAlertDeliveries(
  deps: AlertDeps,
  principal: Principal,
  inboxId: string,
): Promise<{ deliveries: AlertNotificationWithAttempts[]; view: SettingsView }> {
  const inbox = await ownedInbox(deps, principal, inboxId, 'read');
  const deliveries = await deps.store.alerts.listRecent(inbox.id, ALERT_LIMITS.recentDeliveries);
  return { deliveries, view: await settingsViewFor(deps, principal, inbox) };
}

/** How old the rules the ingest path uses may be: other instances' changes show within this. */
export const ALERT_RULES_CACHE_MAX_AGE_MS = 1000;

const caches = new WeakMap<Store, ShortLivedCache<readonly AlertRule[]>>();

/**
 * The per-process view of inboxes' alert rules (a ShortLivedCache, like response rules):
 * an inbox without rules costs a Map lookup per event, not a query. Writes through this
 * process invalidate at once.
 */
export function alertRulesCacheFor(store: Store): ShortLivedCache<readonly AlertRule[]> {
  let cache = caches.get(store);
  if (cache === undefined) {
    cache = new ShortLivedCache<readonly AlertRule[]>({ maxAgeMs: ALERT_RULES_CACHE_MAX_AGE_MS, maxEntries: 10_000 });
    caches.set(store, cache);
  }
  return cache;
}
