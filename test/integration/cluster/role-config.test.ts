import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { loadConfig } from '../../../src/config/load.js';

describe('REHOOK_ROLE / --role', () => {
  it('defaults to all and takes all, api or ingest (any case)', () => {
    assert.equal(loadConfig({}).role, 'all');
    assert.equal(loadConfig({ REHOOK_ROLE: 'api' }).role, 'api');
    assert.equal(loadConfig({ REHOOK_ROLE: ' Ingest ' }).role, 'ingest');
    assert.equal(loadConfig({ REHOOK_ROLE: 'api' }, { role: 'ingest' }).role, 'ingest');
  });

  it('refuses anything else', () => {
    assert.throws(() => loadConfig({ REHOOK_ROLE: 'worker' }), /REHOOK_ROLE|role/);
  });
});
