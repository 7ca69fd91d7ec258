import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';

import { openPostgresStore } from '../../../src/storage/postgres/store.js';
import { createPgSweepLock } from '../../../src/storage/postgres/sweep-lock.js';
import { connectTestPostgres } from '../../helpers/postgres.js';

const pg = await connectTestPostgres();
const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;

after(async () => {
  if (pg.available) await pg.close();
});

describe('the PostgreSQL sweep lock', { skip }, () => {
  it('lets one holder at a time run, per schema, and is free again afterwards', { timeout: 60_000 }, async () => {
    if (!pg.available) return;
    const [one, two] = await Promise.all([pg.createSchema(), pg.createSchema()]);
    const stores = await Promise.all([
      openPostgresStore({ url: one.url, poolSize: 2 }),
      openPostgresStore({ url: one.url, poolSize: 2 }),
      openPostgresStore({ url: two.url, poolSize: 2 }),
    ]);
    try {
      const [lockA, lockB, lockOther] = stores.map((store) => createPgSweepLock(store.pool)) as [
        ReturnType<typeof createPgSweepLock>,
        ReturnType<typeof createPgSweepLock>,
        ReturnType<typeof createPgSweepLock>,
      ];
      let release: () => void = () => undefined;
      let taken: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        taken = resolve;
      });
      const holding = lockA.runExclusive(
        () =>
          new Promise<string>((resolve) => {
            release = () => resolve('swept');
            taken();
          }),
      );
      // Wait until A holds it: its fn runs once the lock is taken (a signal, not a 200 ms sleep
      // that a slow connection could outlast).
      await held;
      assert.deepEqual(await lockB.runExclusive(async () => 'B'), { ran: false });
      // Another schema is another deployment: its sweeper is not held up.
      assert.deepEqual(await lockOther.runExclusive(async () => 'other'), { ran: true, value: 'other' });
      release();
      assert.deepEqual(await holding, { ran: true, value: 'swept' });
      assert.deepEqual(await lockB.runExclusive(async () => 'B'), { ran: true, value: 'B' });
      // A failing sweep releases the lock too.
      await assert.rejects(
        lockA.runExclusive(async () => Promise.reject(new Error('boom'))),
        /boom/,
      );
      assert.deepEqual(await lockB.runExclusive(async () => 'again'), { ran: true, value: 'again' });
      // Every connection went back to its pool.
      for (const store of stores) assert.equal(store.pool.totalCount - store.pool.idleCount, 0);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
