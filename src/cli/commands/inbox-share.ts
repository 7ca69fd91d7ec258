import { clientFor, type ClientOptions } from '../client-options.js';
import { json, keyValues } from '../format.js';
import type { CliIO } from '../io.js';

export interface InboxShareOptions extends ClientOptions {
  readonly inboxId: string;
}

/**
 * `rehook inbox share <id>`: a read-only sharing link of a saved inbox. Prints the link's page
 * (on the API origin, where the web app is served) and its token, which is not shown again.
 */
export async function run(options: InboxShareOptions, io: CliIO): Promise<void> {
  const share = await clientFor(options).createShare(options.inboxId);
  const url = options.server + share.path;
  if (options.json) return io.stdout(json({ share: { ...share, url } }));
  io.stdout(
    keyValues([
      ['id', share.id],
      ['url', url],
      ['token', share.token],
      ['created', share.createdAt],
    ]),
  );
  io.stderr(
    `Anyone with this link can read the inbox and its events, live, until you revoke it: ` +
      `rehook inbox unshare ${share.inboxId} ${share.id}. The token is not shown again.`,
  );
}
