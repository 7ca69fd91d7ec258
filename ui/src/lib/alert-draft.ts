/**
 * An inbox's alert rules as the settings form edits them (numbers as typed text, quiet hours and
 * rate limit as on/off), and back to what the API takes. The server checks the rest (filter,
 * time zone, URL policy) and names the field.
 */
import type { AlertRule, AlertRuleInput } from '../api.js';

export type AlertKind = AlertRule['kind'];

export interface AlertDraft {
  /** Keeps a rule's fields (and focus) with it when rules are removed. */
  key: number;
  /** The stored rule's id, kept on save; absent for a new rule. */
  id?: string;
  name: string;
  kind: AlertKind;
  filter: string;
  failures: string;
  url: string;
  format: 'json' | 'slack';
  enabled: boolean;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
  limited: boolean;
  rateMax: string;
  rateWindow: string;
}

export const ALERT_KINDS: readonly { id: AlertKind; label: string }[] = [
  { id: 'event', label: 'An event matches a filter' },
  { id: 'signature', label: 'A signature check fails' },
  { id: 'drift', label: 'An event drifts from its schema' },
  { id: 'forwarding', label: 'Forwarding fails N times in a row' },
];

let nextKey = 1;

/** The browser's time zone, the default of new quiet hours. */
function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function newAlertDraft(): AlertDraft {
  return {
    key: nextKey++,
    name: '',
    kind: 'event',
    filter: '',
    failures: '3',
    url: '',
    format: 'json',
    enabled: true,
    quiet: false,
    quietStart: '22:00',
    quietEnd: '07:00',
    timeZone: localZone(),
    limited: false,
    rateMax: '10',
    rateWindow: '60',
  };
}

export function alertDraftOf(rule: AlertRule): AlertDraft {
  const blank = newAlertDraft();
  return {
    ...blank,
    id: rule.id,
    name: rule.name,
    kind: rule.kind,
    filter: rule.filter ?? '',
    failures: String(rule.failures ?? 3),
    url: rule.url,
    format: rule.format,
    enabled: rule.enabled,
    quiet: rule.quietHours !== undefined,
    quietStart: rule.quietHours?.start ?? blank.quietStart,
    quietEnd: rule.quietHours?.end ?? blank.quietEnd,
    timeZone: rule.quietHours?.timeZone ?? blank.timeZone,
    limited: rule.rateLimit !== undefined,
    rateMax: String(rule.rateLimit?.max ?? blank.rateMax),
    rateWindow: String(rule.rateLimit?.windowSeconds ?? blank.rateWindow),
  };
}

/** A whole number typed in a field, or the field's own message. */
function whole(text: string, what: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value)) throw new Error(`${what} must be a whole number`);
  return value;
}

/** The rule the API takes; throws an Error naming the field a person got wrong. */
export function alertInputOf(draft: AlertDraft, index: number): AlertRuleInput {
  const label = `Rule ${index + 1}`;
  const name = draft.name.trim() || `${label}`;
  return {
    ...(draft.id !== undefined ? { id: draft.id } : {}),
    name,
    kind: draft.kind,
    ...(draft.kind === 'event' ? { filter: draft.filter.trim() } : {}),
    ...(draft.kind === 'forwarding' ? { failures: whole(draft.failures, `${label}: failures in a row`) } : {}),
    url: draft.url.trim(),
    format: draft.format,
    enabled: draft.enabled,
    ...(draft.quiet
      ? { quietHours: { start: draft.quietStart.trim(), end: draft.quietEnd.trim(), timeZone: draft.timeZone.trim() } }
      : {}),
    ...(draft.limited
      ? {
          rateLimit: {
            max: whole(draft.rateMax, `${label}: notifications per window`),
            windowSeconds: whole(draft.rateWindow, `${label}: window (seconds)`),
          },
        }
      : {}),
  };
}

/** What the rule does, in a few words, for its legend. */
export function alertSummary(draft: AlertDraft): string {
  if (draft.kind === 'event')
    return draft.filter.trim() === '' ? 'every event' : `events matching ${draft.filter.trim()}`;
  if (draft.kind === 'signature') return 'failed signature checks';
  if (draft.kind === 'drift') return 'schema drift';
  return `forwarding failing ${draft.failures} times in a row`;
}
