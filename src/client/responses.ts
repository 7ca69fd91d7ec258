import { type ApiTransport, dataOf, id } from './transport.js';
import type { InboxResponse, InboxResponseInput, ResponsePreview } from './types.js';

export async function inboxResponse(api: ApiTransport, inboxId: string): Promise<InboxResponse | null> {
  const response = await api.send('GET', `/api/v1/inboxes/${id(inboxId)}/response`);
  const data = await dataOf(response, (data) => 'response' in data, 200);
  return data['response'] as InboxResponse | null;
}

export async function setInboxResponse(
  api: ApiTransport,
  inboxId: string,
  response: InboxResponseInput,
): Promise<InboxResponse> {
  return (await api.data('PUT', `/api/v1/inboxes/${id(inboxId)}/response`, 'response', response)) as InboxResponse;
}

export async function clearInboxResponse(api: ApiTransport, inboxId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/inboxes/${id(inboxId)}/response`);
}

export async function previewInboxResponse(
  api: ApiTransport,
  inboxId: string,
  response: InboxResponseInput,
  eventId: string,
): Promise<ResponsePreview> {
  const path = `/api/v1/inboxes/${id(inboxId)}/responses/preview`;
  return (await api.data('POST', path, 'preview', { response, eventId })) as ResponsePreview;
}
