import type { EventSummary } from '../domain/captured-event.js';
import { type EventTypeRule, ruleProblem } from '../domain/event-type.js';
import { isId } from '../domain/ids.js';
import { DEFAULT_MIN_SAMPLES, MAX_MIN_SAMPLES } from '../domain/learned-schema.js';
import type { Inbox } from '../domain/inbox.js';
import type { InboxAction } from '../domain/team.js';
import type { DriftDifference } from '../domain/drift.js';
import { type JsonSchema, typeJsonSchema } from '../domain/schema-json-schema.js';
import { typeScriptDeclarations, typeScriptName } from '../domain/schema-typescript.js';
import { zodSchemaSource } from '../domain/schema-zod.js';
import { AppError } from '../errors.js';
import type { EventTypeInfo } from '../ports/event-type-repository.js';
import type { Principal, ServiceDeps } from './deps.js';
import { authorizeInbox, findLiveInbox, getReadableInbox } from './inboxes.js';
import { savedInbox } from './saved-inbox.js';

/**
 * Event types, their inferred schemas and drift (docs/insight.md). Reads only: the summaries are
 * kept by the event-type worker (event-type-worker.ts), so answering a schema is one row read and
 * a rendering, whatever the number of events.
 */

type Deps = Pick<ServiceDeps, 'store' | 'clock'>;

export type SchemaFormat = 'json' | 'typescript' | 'zod';
export const SCHEMA_FORMATS: readonly SchemaFormat[] = ['json', 'typescript', 'zod'];

/** Longest event type accepted in a path (types are cut to 200 characters when learned). */
const MAX_TYPE_PARAM_LENGTH = 200;

export interface RenderedSchema {
  readonly eventType: string;
  readonly format: SchemaFormat;
  /** Samples the schema was learned from. */
  readonly samples: number;
  readonly lastSeen: Date;
  /** The TypeScript type's name (also the Zod schema's, with `Schema` after it). */
  readonly typeName: string;
  /** JSON Schema for `json`, source text for the others. */
  readonly document: JsonSchema | string;
}

/** A drifted event, as the event-type worker tells its server right after it was recorded. */
export interface DriftNotice {
  readonly inboxId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly drift: readonly DriftDifference[];
}

/** The inbox's event types, most recently seen first. Same access as reading the inbox. */
export async function listEventTypes(deps: Deps, principal: Principal, inboxId: string): Promise<EventTypeInfo[]> {
  const inbox = await getReadableInbox(deps, principal, inboxId);
  return deps.store.eventTypes.listByInbox(inbox.id);
}

function checkTypeParam(eventType: string): void {
  if (eventType === '' || eventType.length > MAX_TYPE_PARAM_LENGTH) throw new AppError('EVENT_TYPE_NOT_FOUND');
}

/** The schema of one event type, rendered in `format`. EVENT_TYPE_NOT_FOUND when the inbox has none of it. */
export async function getEventTypeSchema(
  deps: Deps,
  principal: Principal,
  inboxId: string,
  eventType: string,
  format: SchemaFormat,
): Promise<RenderedSchema> {
  const inbox = await getReadableInbox(deps, principal, inboxId);
  checkTypeParam(eventType);
  const [summary] = await deps.store.eventTypes.findSummaries(inbox.id, [eventType]);
  if (summary === undefined) throw new AppError('EVENT_TYPE_NOT_FOUND');
  const minSamples = await minSamplesOf(deps, inbox.id);
  const document =
    format === 'typescript'
      ? typeScriptDeclarations(eventType, summary.shape, minSamples)
      : format === 'zod'
        ? zodSchemaSource(eventType, summary.shape, minSamples)
        : typeJsonSchema(eventType, summary.shape, minSamples);
  return {
    eventType,
    format,
    samples: summary.shape.root.n,
    lastSeen: summary.lastSeen,
    typeName: typeScriptName(eventType),
    document,
  };
}

/**
 * Who may rebuild: not a sharing link, and in a team a member or above (a rebuild checks drift
 * again, which sends drift alerts again, so it is not a viewer's). The route needs the manage
 * scope of a token.
 */
async function rebuildableInbox(deps: Deps, principal: Principal, inboxId: string): Promise<Inbox> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const inbox = await findLiveInbox(deps, inboxId);
  await authorizeInbox(deps, principal, inbox, 'replay', 'rebuild event types');
  return inbox;
}

/**
 * Asks the worker to learn one type (or, `eventType` null, every type of the inbox) again from
 * the events the inbox holds now: their drift is checked again in capture order.
 */
export async function rebuildEventTypes(
  deps: Deps,
  principal: Principal,
  inboxId: string,
  eventType: string | null,
): Promise<void> {
  const inbox = await rebuildableInbox(deps, principal, inboxId);
  if (eventType !== null) {
    checkTypeParam(eventType);
    const found = await deps.store.eventTypes.findSummaries(inbox.id, [eventType]);
    if (found.length === 0) throw new AppError('EVENT_TYPE_NOT_FOUND');
  }
  await deps.store.eventTypes.requestRebuild({ inboxId: inbox.id, eventType });
}

/**
 * The inbox whose rule the caller reads or manages: a saved inbox of the caller's account or of a
 * team whose role allows `action` (as for signature secrets: an anonymous inbox's id is handed to
 * everyone it is shared with).
 */
function ownedInbox(deps: Deps, principal: Principal, inboxId: string, action: InboxAction = 'manage'): Promise<Inbox> {
  return savedInbox(deps, principal, inboxId, {
    action,
    notSaved: 'Only a saved inbox can have its own event type rule or settings',
  });
}

export async function getEventTypeRule(deps: Deps, principal: Principal, inboxId: string) {
  const inbox = await ownedInbox(deps, principal, inboxId, 'read');
  return deps.store.eventTypes.findRule(inbox.id);
}

/** Parses a rule from a request body: `{"header": "X-Event"}` or `{"pointer": "/meta/kind"}`. */
export function parseEventTypeRule(body: Record<string, unknown>): EventTypeRule {
  const header = body['header'];
  const pointer = body['pointer'];
  const fail = (message: string, path: string): never => {
    throw new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] });
  };
  if ((header === undefined) === (pointer === undefined)) {
    return fail('Give exactly one of header or pointer', '');
  }
  const rule: EventTypeRule =
    header !== undefined
      ? { kind: 'header', header: typeof header === 'string' ? header : '' }
      : { kind: 'pointer', pointer: typeof pointer === 'string' ? pointer : '' };
  const problem = ruleProblem(rule);
  if (problem !== null) fail(problem, rule.kind === 'header' ? '/header' : '/pointer');
  return rule;
}

/**
 * Sets the inbox's own rule and has every type of the inbox learned again under it (the
 * rebuild runs in the background).
 */
export async function setEventTypeRule(
  deps: Deps,
  principal: Principal,
  inboxId: string,
  rule: EventTypeRule,
): Promise<EventTypeRule> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  const stored = await deps.store.eventTypes.putRule(inbox.id, rule, inbox.ownerId ?? '', deps.clock.now());
  if (!stored) throw new AppError('INBOX_NOT_FOUND');
  await deps.store.eventTypes.requestRebuild({ inboxId: inbox.id, eventType: null });
  return rule;
}

/** Removes the inbox's rule (the built-in detection applies again); false when it had none. */
export async function removeEventTypeRule(deps: Deps, principal: Principal, inboxId: string): Promise<boolean> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  const removed = await deps.store.eventTypes.deleteRule(inbox.id);
  if (removed) await deps.store.eventTypes.requestRebuild({ inboxId: inbox.id, eventType: null });
  return removed;
}

/** The inbox's minimum of samples (docs/insight.md "Drift"): its own, or the default. */
async function minSamplesOf(deps: Deps, inboxId: string): Promise<number> {
  return (await deps.store.eventTypes.findMinSamples([inboxId])).get(inboxId) ?? DEFAULT_MIN_SAMPLES;
}

/** How an inbox learns its event types. */
export interface EventTypeSettings {
  /** Samples a type and a place need before properties are required, closed sets offered and drift judged. */
  readonly minSamples: number;
  /** True while the inbox has not set its own (minSamples is DEFAULT_MIN_SAMPLES). */
  readonly isDefault: boolean;
}

export async function getEventTypeSettings(
  deps: Deps,
  principal: Principal,
  inboxId: string,
): Promise<EventTypeSettings> {
  const inbox = await ownedInbox(deps, principal, inboxId, 'read');
  const own = (await deps.store.eventTypes.findMinSamples([inbox.id])).get(inbox.id);
  return { minSamples: own ?? DEFAULT_MIN_SAMPLES, isDefault: own === undefined };
}

/** Parses `{"minSamples": 50}`: an integer from 1 to MAX_MIN_SAMPLES. */
export function parseEventTypeSettings(body: Record<string, unknown>): number {
  const value = body['minSamples'];
  const unknownKey = Object.keys(body).find((key) => key !== 'minSamples');
  if (unknownKey !== undefined) {
    const message = `Unknown setting ${JSON.stringify(unknownKey.slice(0, 50))}: only minSamples`;
    throw new AppError('VALIDATION_FAILED', { message, details: [{ path: '', message }] });
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_MIN_SAMPLES) {
    const message = `minSamples must be a whole number from 1 to ${MAX_MIN_SAMPLES}`;
    throw new AppError('VALIDATION_FAILED', { message, details: [{ path: '/minSamples', message }] });
  }
  return value;
}

/**
 * Sets the inbox's minimum of samples and has every type of the inbox learned again under it, so
 * that the drift marks already recorded follow it too (the rebuild runs in the background).
 */
export async function setEventTypeSettings(
  deps: Deps,
  principal: Principal,
  inboxId: string,
  minSamples: number,
): Promise<EventTypeSettings> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  const stored = await deps.store.eventTypes.putMinSamples(inbox.id, minSamples, inbox.ownerId ?? '', deps.clock.now());
  if (!stored) throw new AppError('INBOX_NOT_FOUND');
  await deps.store.eventTypes.requestRebuild({ inboxId: inbox.id, eventType: null });
  return { minSamples, isDefault: false };
}

/** Back to the default minimum (and every type learned again when the inbox had its own). */
export async function resetEventTypeSettings(
  deps: Deps,
  principal: Principal,
  inboxId: string,
): Promise<EventTypeSettings> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  if (await deps.store.eventTypes.deleteMinSamples(inbox.id)) {
    await deps.store.eventTypes.requestRebuild({ inboxId: inbox.id, eventType: null });
  }
  return { minSamples: DEFAULT_MIN_SAMPLES, isDefault: true };
}

/** The inbox's drifted events, newest first (GET .../events?drift=true). */
export async function listDriftedEvents(
  deps: Deps,
  principal: Principal,
  input: { inboxId: string; limit: number; before?: string | undefined },
): Promise<{ events: EventSummary[]; nextBefore: string | null }> {
  const inbox = await getReadableInbox(deps, principal, input.inboxId);
  if (input.before !== undefined && !isId('event', input.before)) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'before must be an event id',
      details: [{ path: '/before', message: 'must be an event id (evt_...)' }],
    });
  }
  return deps.store.eventTypes.listDrifted(inbox.id, {
    limit: input.limit,
    ...(input.before !== undefined ? { before: input.before } : {}),
  });
}
