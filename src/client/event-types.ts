import { type ApiTransport, dataOf, id } from './transport.js';
import type {
  EventTypeInfo,
  EventTypeRule,
  EventTypeSchema,
  EventTypeSettings,
  PreviousOfType,
  SchemaFormat,
} from './types.js';

const typePath = (inboxId: string, eventType: string) =>
  `/api/v1/inboxes/${id(inboxId)}/event-types/${encodeURIComponent(eventType)}`;

export async function listEventTypes(api: ApiTransport, inboxId: string): Promise<EventTypeInfo[]> {
  return (await api.data('GET', `/api/v1/inboxes/${id(inboxId)}/event-types`, 'eventTypes')) as EventTypeInfo[];
}

export async function eventTypeSchema(
  api: ApiTransport,
  inboxId: string,
  eventType: string,
  format: SchemaFormat = 'json',
): Promise<EventTypeSchema> {
  return (await api.data(
    'GET',
    `${typePath(inboxId, eventType)}/schema?format=${format}`,
    'schema',
  )) as EventTypeSchema;
}

export async function rebuildEventTypes(api: ApiTransport, inboxId: string, eventType?: string): Promise<void> {
  const path =
    eventType === undefined
      ? `/api/v1/inboxes/${id(inboxId)}/event-types/rebuild`
      : `${typePath(inboxId, eventType)}/schema/rebuild`;
  await api.send('POST', path);
}

/** The inbox's own rule, or null while the built-in detection applies. */
export async function eventTypeRule(api: ApiTransport, inboxId: string): Promise<EventTypeRule | null> {
  const response = await api.send('GET', `/api/v1/inboxes/${id(inboxId)}/event-type-rule`);
  const data = await dataOf(response, (data) => 'rule' in data);
  return data['rule'] as EventTypeRule | null;
}

export async function setEventTypeRule(
  api: ApiTransport,
  inboxId: string,
  rule: EventTypeRule,
): Promise<EventTypeRule> {
  return (await api.data('PUT', `/api/v1/inboxes/${id(inboxId)}/event-type-rule`, 'rule', rule)) as EventTypeRule;
}

export async function removeEventTypeRule(api: ApiTransport, inboxId: string): Promise<boolean> {
  return (await api.data('DELETE', `/api/v1/inboxes/${id(inboxId)}/event-type-rule`, 'removed')) as boolean;
}

const settingsPath = (inboxId: string) => `/api/v1/inboxes/${id(inboxId)}/event-type-settings`;

export async function eventTypeSettings(api: ApiTransport, inboxId: string): Promise<EventTypeSettings> {
  return (await api.data('GET', settingsPath(inboxId), 'settings')) as EventTypeSettings;
}

export async function setEventTypeSettings(
  api: ApiTransport,
  inboxId: string,
  minSamples: number,
): Promise<EventTypeSettings> {
  return (await api.data('PUT', settingsPath(inboxId), 'settings', { minSamples })) as EventTypeSettings;
}

export async function resetEventTypeSettings(api: ApiTransport, inboxId: string): Promise<EventTypeSettings> {
  return (await api.data('DELETE', settingsPath(inboxId), 'settings')) as EventTypeSettings;
}

export async function previousOfType(api: ApiTransport, eventId: string): Promise<PreviousOfType> {
  return (await api.data('GET', `/api/v1/events/${id(eventId)}/previous-of-type`, 'previous')) as PreviousOfType;
}
