import { after, it } from 'node:test';

import { openPostgresStore } from '../../src/storage/postgres/store.js';
import { connectTestPostgres } from '../helpers/postgres.js';
import { describeStoreConformance } from './store-conformance.js';

// The store conformance suite on PostgreSQL, each test in a schema of its own.

const pg = await connectTestPostgres();

if (!pg.available) {
  it('PostgreSQL store conformance', { skip: pg.reason }, () => undefined);
} else {
  after(() => pg.close());

  describeStoreConformance('postgres', async () => {
    const schema = await pg.createSchema();
    const store = await openPostgresStore({ url: schema.url, poolSize: 4 });
    return {
      store,
      cleanup: async () => {
        try {
          await store.close();
        } finally {
          await schema.drop();
        }
      },
    };
  });
}
