import { clientFor, type ClientOptions } from '../client-options.js';
import { json, table } from '../format.js';
import type { CliIO } from '../io.js';

export interface InboxSharesOptions extends ClientOptions {
  readonly inboxId: string;
}

/** `rehook inbox shares <id>`: the inbox's sharing links, newest first, without their tokens. */
export async function run(options: InboxSharesOptions, io: CliIO): Promise<void> {
  const shares = await clientFor(options).shares(options.inboxId);
  if (options.json) return io.stdout(json({ shares }));
  if (shares.length === 0) return io.stdout('No sharing links.');
  io.stdout(
    table(
      ['ID', 'PREFIX', 'CREATED'],
      shares.map((share) => [share.id, share.prefix, share.createdAt]),
    ),
  );
}
