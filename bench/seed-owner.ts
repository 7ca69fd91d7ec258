// What both bulk seeders (seed.ts for `npm run bench`, scale-seed.ts for the scale bench) write
// the same way: the events columns they fill, and the account, token and inboxes the events
// belong to, written through the store so they are exactly what Rehook writes.
import { newId } from '../src/domain/ids.js';
import { systemClock } from '../src/ports/clock.js';
import type { Store } from '../src/ports/store.js';
import { createAccount } from '../src/services/accounts.js';
import { createToken } from '../src/services/tokens.js';

/** Columns the bulk inserts fill, in this order; a NOT NULL column outside this list means the schema moved on. */
export const EVENT_COLUMNS = [
  'id',
  'inbox_id',
  'received_at',
  'method',
  'path',
  'query',
  'content_type',
  'size',
  'source_ip',
  'headers',
  'body',
] as const;

/** SQLite's INSERT of one event row, its parameters in EVENT_COLUMNS order. */
export const SQLITE_EVENT_INSERT = `INSERT INTO events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map(() => '?').join(', ')})`;

export interface SeedOwner {
  readonly accountId: string;
  readonly token: string;
  /** In creation order. */
  readonly inboxIds: readonly string[];
}

/**
 * An account `<name>@rehook.invalid` with an API token named `name`, and `inboxes` inboxes it
 * owns (persistent, so no anonymous-inbox event cap applies), all created at `createdAt`.
 */
export async function seedOwner(store: Store, name: string, inboxes: number, createdAt: Date): Promise<SeedOwner> {
  const deps = { store, clock: systemClock };
  const account = await createAccount(deps, { email: `${name}@rehook.invalid` });
  const { plaintext: token } = await createToken(deps, { accountId: account.id, name });
  const inboxIds: string[] = [];
  for (let i = 0; i < inboxes; i += 1) {
    const id = newId('inbox');
    await store.inboxes.insert({ id, ownerId: account.id, name: null, createdAt, expiresAt: null });
    inboxIds.push(id);
  }
  return { accountId: account.id, token, inboxIds };
}
