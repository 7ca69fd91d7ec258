import { RehookApiError } from './errors.js';
import { type ApiTransport, dataOf, id } from './transport.js';
import type { Delivery, Forwarding, ForwardingInput } from './types.js';

/** The inbox's forwarding, or null when none is set (`{"data":{"forwarding":null}}`). */
export async function forwarding(api: ApiTransport, inboxId: string): Promise<Forwarding | null> {
  try {
    const response = await api.send('GET', `/api/v1/inboxes/${id(inboxId)}/forwarding`);
    const data = await dataOf(response, (data) => 'forwarding' in data);
    return data['forwarding'] as Forwarding | null;
  } catch (err) {
    // A server that still answers 404 for "none set".
    if (err instanceof RehookApiError && err.code === 'FORWARDING_NOT_FOUND') return null;
    throw err;
  }
}

export async function setForwarding(
  api: ApiTransport,
  inboxId: string,
  settings: ForwardingInput,
): Promise<Forwarding> {
  return (await api.data('PUT', `/api/v1/inboxes/${id(inboxId)}/forwarding`, 'forwarding', settings)) as Forwarding;
}

export async function removeForwarding(api: ApiTransport, inboxId: string): Promise<number> {
  return (await api.data('DELETE', `/api/v1/inboxes/${id(inboxId)}/forwarding`, 'cancelled')) as number;
}

export async function deliveries(api: ApiTransport, eventId: string): Promise<Delivery[]> {
  return (await api.data('GET', `/api/v1/events/${id(eventId)}/deliveries`, 'deliveries')) as Delivery[];
}

export async function retryDelivery(api: ApiTransport, eventId: string): Promise<Delivery> {
  return (await api.data('POST', `/api/v1/events/${id(eventId)}/deliveries/retry`, 'delivery')) as Delivery;
}
