import * as inboxes from './inboxes.js';
import * as responses from './responses.js';
import * as signatures from './signatures.js';
import * as eventTypes from './event-types.js';
import { send } from './sending.js';
import { AccountCalls } from './account-calls.js';
import type {
  Inbox,
  InboxResponse,
  InboxResponseInput,
  ResponsePreview,
  ResignedHeaders,
  SendRequest,
  SignatureSettings,
  SignatureSettingsInput,
  EventTypeInfo,
  EventTypeRule,
  EventTypeSettings,
  EventTypeSchema,
  PreviousOfType,
  SchemaFormat,
} from './types.js';

/** An inbox and its settings: create, rename, list and delete inboxes; programmed responses; signature settings; event types and their schemas; sending a request to an inbox. Offered through RehookClient. */
export class InboxCalls extends AccountCalls {
  // --- Inboxes ------------------------------------------------------------------------------

  /**
   * A new inbox: persistent and owned with a token, anonymous (expiring after 48 h) without;
   * with a `name` (1 to 100 printable characters) when one is given.
   */
  async createInbox(options: { readonly name?: string | null; readonly teamId?: string } = {}): Promise<Inbox> {
    return inboxes.createInbox(this.api, options);
  }

  /** Sets the inbox's name; null removes it. */
  async renameInbox(inboxId: string, name: string | null): Promise<Inbox> {
    return inboxes.renameInbox(this.api, inboxId, name);
  }

  /** Deletes every event of the inbox (and their replays); the inbox stays and keeps capturing. */
  async clearInbox(inboxId: string): Promise<void> {
    return inboxes.clearInbox(this.api, inboxId);
  }

  /** The account's inboxes, newest first (needs a token). */
  async inboxes(): Promise<Inbox[]> {
    return inboxes.listInboxes(this.api);
  }

  async inbox(inboxId: string): Promise<Inbox> {
    return inboxes.getInbox(this.api, inboxId);
  }

  /** Deletes the inbox with its events and replays. */
  async deleteInbox(inboxId: string): Promise<void> {
    return inboxes.deleteInbox(this.api, inboxId);
  }

  /** Makes an anonymous inbox persistent and owned by the token's account. */
  async saveInbox(inboxId: string): Promise<Inbox> {
    return inboxes.saveInbox(this.api, inboxId);
  }

  // --- Programmed responses ----------------------------------------------------------------

  /** What the inbox answers its senders; null while it answers the contract's `200 {"ok":true}`. */
  async inboxResponse(inboxId: string): Promise<InboxResponse | null> {
    return responses.inboxResponse(this.api, inboxId);
  }

  /**
   * Programs what the inbox answers (replacing what was set): the default answer and ordered
   * rules, the first match winning. Takes effect at once on the server that stored it, within
   * 1 s on the others.
   */
  async setInboxResponse(inboxId: string, response: InboxResponseInput): Promise<InboxResponse> {
    return responses.setInboxResponse(this.api, inboxId, response);
  }

  /**
   * What `response` (as setInboxResponse takes it; nothing is saved) would answer captured event
   * `eventId` of the inbox: the matching rule's answer with its templates rendered, or the
   * default answer and the render error when they fail.
   */
  async previewInboxResponse(inboxId: string, response: InboxResponseInput, eventId: string): Promise<ResponsePreview> {
    return responses.previewInboxResponse(this.api, inboxId, response, eventId);
  }

  /** The inbox answers the contract's `200 {"ok":true}` again. */
  async clearInboxResponse(inboxId: string): Promise<void> {
    return responses.clearInboxResponse(this.api, inboxId);
  }

  // --- Signatures ---------------------------------------------------------------------------

  /** The inbox's signature settings without the secret; null while none are set (owner of a saved inbox). */
  async signatureSettings(inboxId: string): Promise<SignatureSettings | null> {
    return signatures.signatureSettings(this.api, inboxId);
  }

  /**
   * Sets the secret the inbox checks its senders' signatures with (replacing earlier settings):
   * every event captured from then on carries `signature: {scheme, status, reason}`. The secret
   * is never returned.
   */
  async setSignatureSettings(inboxId: string, settings: SignatureSettingsInput): Promise<SignatureSettings> {
    return signatures.setSignatureSettings(this.api, inboxId, settings);
  }

  /** Removes the inbox's signature secret: new events are `unchecked` again. */
  async removeSignatureSettings(inboxId: string): Promise<void> {
    return signatures.removeSignatureSettings(this.api, inboxId);
  }

  /**
   * Fresh signature headers for the event (`POST /api/v1/events/<id>/resign`), computed with the
   * inbox's stored secret and the current time: set them on the request in place of the
   * same-named captured ones (`rehook listen --resign` does). Needs the inbox's owner.
   */
  async resign(eventId: string): Promise<ResignedHeaders> {
    return signatures.resign(this.api, eventId);
  }

  // --- Event types and schemas (docs/insight.md) ---------------------------------------------

  /** The inbox's event types with counts and first/last seen, most recently seen first. */
  async eventTypes(inboxId: string): Promise<EventTypeInfo[]> {
    return eventTypes.listEventTypes(this.api, inboxId);
  }

  /** An event type's schema inferred from its captured bodies: JSON Schema, TypeScript or Zod. */
  async eventTypeSchema(inboxId: string, eventType: string, format: SchemaFormat = 'json'): Promise<EventTypeSchema> {
    return eventTypes.eventTypeSchema(this.api, inboxId, eventType, format);
  }

  /** Has one type (or every type, without `eventType`) learned again in the background. */
  async rebuildEventTypes(inboxId: string, eventType?: string): Promise<void> {
    return eventTypes.rebuildEventTypes(this.api, inboxId, eventType);
  }

  /** The saved inbox's own event type rule, or null. */
  async eventTypeRule(inboxId: string): Promise<EventTypeRule | null> {
    return eventTypes.eventTypeRule(this.api, inboxId);
  }

  /** Sets the saved inbox's own rule (`{header}` or `{pointer}`); every type is learned again. */
  async setEventTypeRule(inboxId: string, rule: EventTypeRule): Promise<EventTypeRule> {
    return eventTypes.setEventTypeRule(this.api, inboxId, rule);
  }

  /** Removes the inbox's own rule; false when it had none. */
  async removeEventTypeRule(inboxId: string): Promise<boolean> {
    return eventTypes.removeEventTypeRule(this.api, inboxId);
  }

  /** The saved inbox's minimum of samples before drift is judged, and whether it is the default. */
  async eventTypeSettings(inboxId: string): Promise<EventTypeSettings> {
    return eventTypes.eventTypeSettings(this.api, inboxId);
  }

  /** Sets the saved inbox's minimum of samples (1 to 10,000); every type is learned again. */
  async setEventTypeSettings(inboxId: string, minSamples: number): Promise<EventTypeSettings> {
    return eventTypes.setEventTypeSettings(this.api, inboxId, minSamples);
  }

  /** Back to the default minimum of samples. */
  async resetEventTypeSettings(inboxId: string): Promise<EventTypeSettings> {
    return eventTypes.resetEventTypeSettings(this.api, inboxId);
  }

  /**
   * The newest older event of the same inbox with this event's learned type, to compare with;
   * while the event has no type yet (or none: not JSON), the previous one with the same method
   * and path. `matchedBy` says which; `event` is null when none matches.
   */
  async previousOfType(eventId: string): Promise<PreviousOfType> {
    return eventTypes.previousOfType(this.api, eventId);
  }

  // --- Sending to an inbox ------------------------------------------------------------------

  /**
   * Sends a request to the inbox's ingest URL, as a webhook provider would, and resolves once
   * Rehook has stored it (ingest answers 200 only after the commit).
   */
  async send(inboxId: string, request: SendRequest = {}): Promise<void> {
    return send(this.api, inboxId, request);
  }
}
