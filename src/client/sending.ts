import { ingestUrl } from './inboxes.js';
import type { ApiTransport } from './transport.js';
import type { SendRequest } from './types.js';

/** Sends `request` to the inbox's ingest URL and resolves once ingest has answered 200 (stored). */
export async function send(api: ApiTransport, inboxId: string, request: SendRequest): Promise<void> {
  const url = new URL(await ingestUrl(api, inboxId));
  if (request.path !== undefined && request.path !== '' && request.path !== '/') {
    url.pathname += request.path.startsWith('/') ? request.path : `/${request.path}`;
  }
  if (request.query !== undefined) {
    url.search = typeof request.query === 'string' ? request.query : new URLSearchParams(request.query).toString();
  }
  const headers = new Headers();
  const pairs = Array.isArray(request.headers) ? request.headers : Object.entries(request.headers ?? {});
  for (const [name, value] of pairs) headers.append(name, value);
  // Uint8Array<ArrayBuffer>: what the DOM's BodyInit accepts too (the web app bundles this client).
  let body: string | Uint8Array<ArrayBuffer> | undefined = request.body as string | Uint8Array<ArrayBuffer> | undefined;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const response = await api.fetchUrl(url, {
    method: request.method ?? 'POST',
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  await response.arrayBuffer();
}
