import type { HeaderPair } from './captured-event.js';

/**
 * The event type of a captured request (docs/insight.md "Event types and schemas"): what kind of
 * webhook it is, so that events of one kind share one inferred schema. Pure: the caller parses
 * the body once (or not at all when it is not JSON) and passes the value.
 */

/** An inbox's own rule: the type is a header's value, or the value at a JSON pointer of the body. */
export type EventTypeRule =
  | { readonly kind: 'header'; readonly header: string }
  | { readonly kind: 'pointer'; readonly pointer: string };

/** Longest event type kept; a longer value is cut (types are names, not payloads). */
export const MAX_EVENT_TYPE_LENGTH = 200;

/** Longest header name or JSON pointer a rule may hold. */
export const MAX_RULE_VALUE_LENGTH = 200;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Why a rule is invalid, or null when it is usable. */
export function ruleProblem(rule: EventTypeRule): string | null {
  if (rule.kind === 'header') {
    if (rule.header.length === 0 || rule.header.length > MAX_RULE_VALUE_LENGTH || !HEADER_NAME.test(rule.header)) {
      return `header must be an HTTP header name of 1 to ${MAX_RULE_VALUE_LENGTH} characters`;
    }
    return null;
  }
  if (rule.pointer.length > MAX_RULE_VALUE_LENGTH || !/^(\/[^/]*)+$/.test(rule.pointer)) {
    return `pointer must be a JSON pointer such as /data/kind (1 to ${MAX_RULE_VALUE_LENGTH} characters)`;
  }
  return null;
}

/** The parts of an event the type is read from. `json` is the parsed body, or undefined when it is not JSON. */
export interface TypedEventInput {
  readonly inboxId: string;
  readonly method: string;
  readonly path: string;
  readonly headers: readonly HeaderPair[];
  readonly json: unknown;
}

function header(headers: readonly HeaderPair[], name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([n]) => n.toLowerCase() === lower)?.[1];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(value: unknown, key: string): string | undefined {
  if (!isRecord(value) || !Object.hasOwn(value, key)) return undefined;
  const field = value[key];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/** Keeps a type printable and bounded: control characters become spaces, then it is trimmed and cut. */
export function cleanEventType(raw: string): string | null {
  const text = raw.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (text === '') return null;
  return text.length > MAX_EVENT_TYPE_LENGTH ? text.slice(0, MAX_EVENT_TYPE_LENGTH) : text;
}

/** The value at an RFC 6901 pointer, or undefined. Only own properties are followed. */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (isRecord(current) && Object.hasOwn(current, token)) {
      current = current[token];
    } else {
      return undefined;
    }
  }
  return current;
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** The path below the inbox (`/i/<inbox>/stripe/events` gives `/stripe/events`; the inbox itself `/`). */
export function pathBelowInbox(inboxId: string, path: string): string {
  const prefix = `/i/${inboxId}`;
  const rest = path.startsWith(prefix) ? path.slice(prefix.length) : path;
  return rest === '' || !rest.startsWith('/') ? `/${rest}` : rest;
}

/** The type the well-known senders put in their headers or bodies, or undefined. */
function knownSenderType(input: TypedEventInput): string | undefined {
  const github = header(input.headers, 'x-github-event');
  if (github !== undefined && github !== '') {
    const action = stringField(input.json, 'action');
    return action === undefined ? github : `${github}.${action}`;
  }
  const shopify = header(input.headers, 'x-shopify-topic');
  if (shopify !== undefined && shopify !== '') return shopify;
  const json = input.json;
  if (!isRecord(json)) return undefined;
  // Slack's Events API wraps the event: its own type says which.
  if (json['type'] === 'event_callback') return stringField(json['event'], 'type') ?? 'event_callback';
  if (stringField(json, 'type') === undefined) return undefined;
  const stripe = json['object'] === 'event' || header(input.headers, 'stripe-signature') !== undefined;
  const standard = header(input.headers, 'webhook-id') !== undefined || header(input.headers, 'svix-id') !== undefined;
  // Slack's other payloads (url_verification, app_rate_limited) carry a token or team id.
  const slack = Object.hasOwn(json, 'token') || Object.hasOwn(json, 'team_id') || Object.hasOwn(json, 'api_app_id');
  return stripe || standard || slack ? stringField(json, 'type') : undefined;
}

/**
 * The event type of a captured request: the inbox's rule when it gives one, else the well-known
 * senders' own types (Stripe and Standard Webhooks `type`, GitHub `X-GitHub-Event` + `.action`,
 * Shopify `X-Shopify-Topic`, Slack `type`/`event.type`), else the method and the path below the
 * inbox (`POST /orders`).
 */
export function eventTypeOf(input: TypedEventInput, rule: EventTypeRule | null): string {
  if (rule !== null) {
    const raw =
      rule.kind === 'header'
        ? header(input.headers, rule.header)
        : scalarText(valueAtPointer(input.json, rule.pointer));
    const fromRule = raw === undefined ? null : cleanEventType(raw);
    if (fromRule !== null) return fromRule;
  }
  const known = knownSenderType(input);
  const cleaned = known === undefined ? null : cleanEventType(known);
  if (cleaned !== null) return cleaned;
  return cleanEventType(`${input.method} ${pathBelowInbox(input.inboxId, input.path)}`) ?? input.method;
}
