import { type ApiTransport, id } from './transport.js';
import type { Inbox } from './types.js';

export async function createInbox(
  api: ApiTransport,
  options: { readonly name?: string | null; readonly teamId?: string },
): Promise<Inbox> {
  const fields = {
    ...(options.name === undefined ? {} : { name: options.name }),
    ...(options.teamId === undefined ? {} : { teamId: options.teamId }),
  };
  const body = Object.keys(fields).length === 0 ? undefined : fields;
  const inbox = (await api.data('POST', '/api/v1/inboxes', 'inbox', body)) as Inbox;
  api.ingestUrls.set(inbox.id, inbox.url);
  return inbox;
}

export async function renameInbox(api: ApiTransport, inboxId: string, name: string | null): Promise<Inbox> {
  return (await api.data('PATCH', `/api/v1/inboxes/${id(inboxId)}`, 'inbox', { name })) as Inbox;
}

export async function clearInbox(api: ApiTransport, inboxId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/inboxes/${id(inboxId)}/events`);
}

export async function listInboxes(api: ApiTransport): Promise<Inbox[]> {
  return (await api.data('GET', '/api/v1/inboxes', 'inboxes')) as Inbox[];
}

export async function getInbox(api: ApiTransport, inboxId: string): Promise<Inbox> {
  return (await api.data('GET', `/api/v1/inboxes/${id(inboxId)}`, 'inbox')) as Inbox;
}

export async function deleteInbox(api: ApiTransport, inboxId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/inboxes/${id(inboxId)}`);
}

export async function saveInbox(api: ApiTransport, inboxId: string): Promise<Inbox> {
  return (await api.data('POST', `/api/v1/inboxes/${id(inboxId)}/save`, 'inbox')) as Inbox;
}

/** The inbox's full ingest URL, looked up once per client. */
export async function ingestUrl(api: ApiTransport, inboxId: string): Promise<string> {
  let url = api.ingestUrls.get(inboxId);
  if (url === undefined) {
    url = (await getInbox(api, inboxId)).url;
    api.ingestUrls.set(inboxId, url);
  }
  return url;
}
