import { type ApiTransport, dataOf, id } from './transport.js';
import type { ResignedHeaders, SignatureSettings, SignatureSettingsInput } from './types.js';

export async function signatureSettings(api: ApiTransport, inboxId: string): Promise<SignatureSettings | null> {
  const response = await api.send('GET', `/api/v1/inboxes/${id(inboxId)}/signature`);
  const data = await dataOf(response, (data) => 'signature' in data);
  return data['signature'] as SignatureSettings | null;
}

export async function setSignatureSettings(
  api: ApiTransport,
  inboxId: string,
  settings: SignatureSettingsInput,
): Promise<SignatureSettings> {
  return (await api.data(
    'PUT',
    `/api/v1/inboxes/${id(inboxId)}/signature`,
    'signature',
    settings,
  )) as SignatureSettings;
}

export async function removeSignatureSettings(api: ApiTransport, inboxId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/inboxes/${id(inboxId)}/signature`);
}

export async function resign(api: ApiTransport, eventId: string): Promise<ResignedHeaders> {
  const response = await api.send('POST', `/api/v1/events/${id(eventId)}/resign`);
  return (await dataOf(response, (data) => Array.isArray(data['headers']))) as unknown as ResignedHeaders;
}
