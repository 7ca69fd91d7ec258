import { type ApiTransport, id, searchOf } from './transport.js';
import type { CreatedShare, Inbox, Share } from './types.js';

export async function createShare(api: ApiTransport, inboxId: string): Promise<CreatedShare> {
  return (await api.data('POST', `/api/v1/inboxes/${id(inboxId)}/shares`, 'share')) as CreatedShare;
}

export async function listShares(api: ApiTransport, inboxId: string): Promise<Share[]> {
  return (await api.data('GET', `/api/v1/inboxes/${id(inboxId)}/shares`, 'shares')) as Share[];
}

export async function revokeShare(api: ApiTransport, inboxId: string, shareId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/inboxes/${id(inboxId)}/shares/${id(shareId)}`);
}

export async function resolveShare(api: ApiTransport, token: string): Promise<Inbox> {
  return (await api.data('GET', `/api/v1/shares/${id(token)}`, 'inbox')) as Inbox;
}

/** The live stream's URL; a sharing link travels in the query, since an EventSource sets no headers. */
export function streamUrl(api: ApiTransport, inboxId: string, options: { readonly lastEventId?: string }): string {
  const query = new URLSearchParams();
  if (api.share !== undefined) query.set('share', api.share);
  if (options.lastEventId !== undefined) query.set('lastEventId', options.lastEventId);
  return `${api.baseUrl}/api/v1/inboxes/${id(inboxId)}/stream${searchOf(query)}`;
}
