// What the benchmark sends besides the load: the request headers of every scenario, and the few
// API calls it makes itself (inboxes, the smoke check).

const SIGNATURE = 't=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd';
export const JSON_HEADERS = {
  'Content-Type': 'application/json',
  'User-Agent': 'rehook-bench/1 (autocannon)',
  'X-Webhook-Signature': SIGNATURE,
};
export const BINARY_HEADERS = { ...JSON_HEADERS, 'Content-Type': 'application/octet-stream' };

export async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** A new inbox owned by the token's account (persistent: no anonymous event cap applies). */
export async function createInbox(apiUrl: string, token: string): Promise<string> {
  const body = await api<{ data: { inbox: { id: string } } }>(`${apiUrl}/api/v1/inboxes`, {
    method: 'POST',
    headers: bearer(token),
  });
  return body.data.inbox.id;
}
