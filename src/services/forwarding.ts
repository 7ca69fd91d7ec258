import type { InboxAction } from '../domain/team.js';
import type { SettingsView } from '../domain/destination.js';
import {
  type Delivery,
  type DeliveryWithAttempts,
  type Forwarding,
  ForwardingInputSchema,
  type ForwardingSettings,
  forwardingSettings,
} from '../domain/forwarding.js';
import { type SettingsProblem, unknownField } from '../domain/outbound-delivery.js';
import { isId } from '../domain/ids.js';
import type { Inbox } from '../domain/inbox.js';
import { AppError } from '../errors.js';
import { requireAccount } from './auth.js';
import type { EgressClient } from '../ports/egress-client.js';
import { checkDestinationToSave } from './destination-check.js';
import type { Principal, ServiceDeps } from './deps.js';
import { authorizeInbox, findLiveInbox, settingsViewFor } from './inboxes.js';
import { savedInbox } from './saved-inbox.js';

/**
 * Automatic forwarding (docs/forwarding.md): the owner of a saved inbox sets
 * a destination, and every event stored afterwards is delivered there in the background by the
 * delivery worker (services/delivery-worker.ts). Only the owner: it makes the server send
 * requests, so an anonymous inbox (whose id is its only credential) cannot forward.
 */

type ForwardingDeps = Pick<ServiceDeps, 'store' | 'clock' | 'egressClient'>;

/**
 * In-process listeners told when a forwarding changes here, so this instance's worker updates
 * the inboxes it listens to at once (other instances do on their next poll).
 */
const changeListeners = new Set<() => void>();

export function onForwardingChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function forwardingChanged(): void {
  for (const listener of changeListeners) {
    try {
      listener();
    } catch {
      // A listener's failure is its own business.
    }
  }
}

const NOT_SAVED_MESSAGE = 'Only saved inboxes can forward events: save the inbox first';

/** The caller's saved inbox, with the role `action` needs (savedInbox). */
function ownedInbox(
  deps: ForwardingDeps,
  principal: Principal,
  inboxId: string,
  action: InboxAction = 'manage',
): Promise<Inbox> {
  return savedInbox(deps, principal, inboxId, { action, notSaved: NOT_SAVED_MESSAGE });
}

/**
 * The event and its inbox, when the caller owns the (saved) inbox. As for reading the event:
 * EVENT_NOT_FOUND for an unknown event or another account's, INBOX_NOT_FOUND when its inbox is
 * gone or expired; INBOX_NOT_SAVED for an anonymous inbox's event.
 */
async function ownedEvent(
  deps: ForwardingDeps,
  principal: Principal,
  eventId: string,
  action: InboxAction = 'manage',
): Promise<{ eventId: string; inbox: Inbox }> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  requireAccount(principal);
  if (!isId('event', eventId)) throw new AppError('EVENT_NOT_FOUND');
  const event = await deps.store.events.findById(eventId);
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  const inbox = await findLiveInbox(deps, event.inboxId);
  if (inbox.ownerId === null) throw new AppError('INBOX_NOT_SAVED', { message: NOT_SAVED_MESSAGE });
  try {
    await authorizeInbox(deps, principal, inbox, action);
  } catch (err) {
    if (err instanceof AppError && err.code === 'INBOX_NOT_FOUND') throw new AppError('EVENT_NOT_FOUND');
    throw err;
  }
  return { eventId: event.id, inbox };
}

function invalid(problem: SettingsProblem): AppError {
  const { path, message } = problem;
  return new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] });
}

/**
 * The settings of a PUT body, checked; throws VALIDATION_FAILED or INVALID_DESTINATION (also for
 * an address the egress policy refuses without a lookup: checkDestinationToSave).
 */
export function parseForwardingInput(
  client: Pick<EgressClient, 'refusal'>,
  body: Record<string, unknown>,
): ForwardingSettings {
  const unknown = unknownField(ForwardingInputSchema, body);
  if (unknown !== undefined) {
    const fields = Object.keys(ForwardingInputSchema.properties).filter((key) => key !== 'attempts');
    throw invalid({ path: `/${unknown}`, message: `Unknown field ${unknown}: send ${fields.join(', ')}` });
  }
  if (body['destination'] === undefined) throw invalid({ path: '/destination', message: 'destination is required' });
  checkDestinationToSave(client, body['destination'], { path: '/destination' });
  const settings = forwardingSettings(body);
  if ('path' in settings) throw invalid(settings);
  return settings;
}

/**
 * Sets (creates or replaces) the forwarding of a saved inbox of the caller's. Fields left out
 * get their defaults (enabled, 8 attempts, 1 h max delay). Events stored from now on are
 * delivered; deliveries already queued keep going with the new settings.
 */
export async function setForwarding(
  deps: ForwardingDeps,
  principal: Principal,
  inboxId: string,
  body: Record<string, unknown>,
): Promise<Forwarding> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  const input = parseForwardingInput(deps.egressClient, body);
  const now = deps.clock.now();
  const stored = await deps.store.forwarding.put({ inboxId: inbox.id, ...input, createdAt: now, updatedAt: now });
  forwardingChanged();
  return stored;
}

/**
 * The forwarding of a saved inbox of the caller's (null when none is set), and how the caller
 * may see it: whole to who may change it, without the destination's secret parts otherwise.
 */
export async function getForwarding(
  deps: ForwardingDeps,
  principal: Principal,
  inboxId: string,
): Promise<{ forwarding: Forwarding | null; view: SettingsView }> {
  const inbox = await ownedInbox(deps, principal, inboxId, 'read');
  const forwarding = (await deps.store.forwarding.find(inbox.id)) ?? null;
  return { forwarding, view: await settingsViewFor(deps, principal, inbox) };
}

/**
 * Removes the forwarding of a saved inbox of the caller's and cancels its unfinished
 * deliveries (an attempt being sent right now still ends, and is recorded). Returns how many
 * were cancelled; FORWARDING_NOT_FOUND when none was set.
 */
export async function removeForwarding(deps: ForwardingDeps, principal: Principal, inboxId: string): Promise<number> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  const cancelled = await deps.store.forwarding.remove(inbox.id, deps.clock.now());
  if (cancelled === null) throw new AppError('FORWARDING_NOT_FOUND');
  forwardingChanged();
  return cancelled;
}

/**
 * The deliveries of an event of a saved inbox of the caller's (zero or one), with attempts, and
 * how the caller may see their URLs (as for {@link getForwarding}).
 */
export async function listDeliveries(
  deps: ForwardingDeps,
  principal: Principal,
  eventId: string,
): Promise<{ deliveries: DeliveryWithAttempts[]; view: SettingsView }> {
  const owned = await ownedEvent(deps, principal, eventId, 'read');
  const deliveries = await deps.store.forwarding.listByEvent(owned.eventId);
  return { deliveries, view: await settingsViewFor(deps, principal, owned.inbox) };
}

/**
 * Delivers an event again, by hand: reopens its finished delivery (failed, cancelled, or
 * delivered) with a new round of attempts, or creates one for an event stored before the
 * forwarding was set. Needs the inbox's forwarding (FORWARDING_NOT_FOUND); DELIVERY_IN_PROGRESS
 * while the delivery is pending or being sent. A paused (disabled) forwarding keeps it queued
 * until it is enabled again.
 */
export async function retryDelivery(deps: ForwardingDeps, principal: Principal, eventId: string): Promise<Delivery> {
  const owned = await ownedEvent(deps, principal, eventId);
  const forwarding = await deps.store.forwarding.find(owned.inbox.id);
  if (!forwarding) throw new AppError('FORWARDING_NOT_FOUND');
  const delivery = await deps.store.forwarding.retry({
    eventId: owned.eventId,
    inboxId: owned.inbox.id,
    now: deps.clock.now(),
  });
  if (delivery === 'busy') throw new AppError('DELIVERY_IN_PROGRESS');
  forwardingChanged();
  return delivery;
}
