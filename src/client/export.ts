import { type ApiTransport, appendFilter, id, invalidResponse, searchOf } from './transport.js';
import type { CurlCommand, ExportInboxOptions } from './types.js';

export async function curl(api: ApiTransport, eventId: string): Promise<CurlCommand> {
  return (await api.data('GET', `/api/v1/events/${id(eventId)}/curl`, 'curl')) as CurlCommand;
}

export async function exportInbox(
  api: ApiTransport,
  inboxId: string,
  options: ExportInboxOptions,
): Promise<AsyncIterable<Uint8Array>> {
  const query = new URLSearchParams();
  if (options.format !== undefined) query.set('format', options.format);
  appendFilter(query, options.filter);
  const path = `/api/v1/inboxes/${id(inboxId)}/export${searchOf(query)}`;
  const response = await api.send('GET', path, undefined, options.signal);
  const body = response.body;
  if (body === null) throw invalidResponse(response.status);
  return (async function* bytes() {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  })();
}
