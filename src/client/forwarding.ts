import { RehookApiError } from './errors.js';
import { type ApiTransport, id } from './transport.js';
import type { Delivery, Forwarding, ForwardingInput } from './types.js';

export async function forwarding(api: ApiTransport, inboxId: string): Promise<Forwarding | null> {
  try {
    return (await api.data('GET', `/api/v1/inboxes/${id(inboxId)}/forwarding`, 'forwarding')) as Forwarding;
  } catch (err) {
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
