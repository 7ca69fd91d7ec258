import { type ApiTransport, id } from './transport.js';
import type { AlertDelivery, AlertRule, AlertRuleInput } from './types.js';

export async function alerts(api: ApiTransport, inboxId: string): Promise<AlertRule[]> {
  return (await api.data('GET', `/api/v1/inboxes/${id(inboxId)}/alerts`, 'rules')) as AlertRule[];
}

export async function setAlerts(
  api: ApiTransport,
  inboxId: string,
  rules: readonly AlertRuleInput[],
): Promise<AlertRule[]> {
  return (await api.data('PUT', `/api/v1/inboxes/${id(inboxId)}/alerts`, 'rules', { rules })) as AlertRule[];
}

export async function removeAlerts(api: ApiTransport, inboxId: string): Promise<number> {
  return (await api.data('DELETE', `/api/v1/inboxes/${id(inboxId)}/alerts`, 'cancelled')) as number;
}

export async function alertDeliveries(api: ApiTransport, inboxId: string): Promise<AlertDelivery[]> {
  return (await api.data('GET', `/api/v1/inboxes/${id(inboxId)}/alerts/deliveries`, 'deliveries')) as AlertDelivery[];
}
