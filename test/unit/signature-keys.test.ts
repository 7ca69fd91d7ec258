// Sealing signature secrets (AES-256-GCM with the server key), the server key file, and the
// per-process cache of opened settings.
//
//   node --import tsx --test test/unit/signature-keys.test.ts
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

import { SecretBoxError } from '../../src/ports/secret-box.js';
import type { StoredSignatureSettings } from '../../src/ports/signature-settings-repository.js';
import { createSignatureKeys, SignatureCache } from '../../src/services/signatures.js';
import { createSecretBox, keyId } from '../../src/signatures/secret-box.js';
import { loadServerKey, SERVER_KEY_FILE } from '../../src/signatures/server-key.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rehook-key-'));
  dirs.push(dir);
  return dir;
}
after(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('secret box', () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;

  it('opens what it sealed, for the same inbox; each seal is different', () => {
    const sealed = box.seal(secret, 'inb_a');
    assert.equal(box.open(sealed, 'inb_a'), secret);
    assert.notEqual(box.seal(secret, 'inb_a'), sealed);
    assert.ok(!sealed.includes(secret) && !sealed.includes(secret.slice(6)));
    assert.ok(sealed.startsWith(`v1.${keyId(key)}.`));
  });

  it('refuses another inbox, another key, an altered value and garbage, without naming the secret', () => {
    const sealed = box.seal(secret, 'inb_a');
    const refusals: Array<[() => string, RegExp]> = [
      [() => box.open(sealed, 'inb_b'), /failed authentication/],
      [
        () => createSecretBox(randomBytes(32)).open(sealed, 'inb_a'),
        /sealed with another server key .*REHOOK_SECRET_KEY differs/,
      ],
      [() => box.open(sealed.slice(0, -3) + (sealed.endsWith('A') ? 'BAA' : 'AAA'), 'inb_a'), /failed authentication/],
      [() => box.open('plaintext', 'inb_a'), /not a sealed secret/],
    ];
    for (const [open, message] of refusals) {
      assert.throws(
        open,
        (err: unknown) => err instanceof SecretBoxError && message.test(err.message) && !err.message.includes(secret),
      );
    }
  });
});

describe('server key file', () => {
  it('is generated once into the data directory with mode 0600, then reused', async () => {
    const dir = join(await tempDir(), 'data');
    const first = await loadServerKey({ configured: null, dataDir: dir });
    assert.equal(first.source, 'generated');
    assert.equal(first.key.length, 32);
    assert.equal((await stat(join(dir, SERVER_KEY_FILE))).mode & 0o777, 0o600);
    const again = await loadServerKey({ configured: null, dataDir: dir });
    assert.equal(again.source, 'file');
    assert.deepEqual(again.key, first.key);
  });

  it('gives one key to processes starting together, and leaves no temporary file', async () => {
    const dir = await tempDir();
    const loaded = await Promise.all(
      Array.from({ length: 8 }, () => loadServerKey({ configured: null, dataDir: dir })),
    );
    assert.equal(new Set(loaded.map((k) => k.key.toString('hex'))).size, 1);
    assert.equal(loaded.filter((k) => k.source === 'generated').length, 1);
    assert.deepEqual(await readdir(dir), [SERVER_KEY_FILE]);
  });

  it('prefers the configured key and writes no file', async () => {
    const dir = await tempDir();
    const configured = randomBytes(32);
    const loaded = await loadServerKey({ configured, dataDir: dir });
    assert.deepEqual(loaded, { key: configured, source: 'config', path: null });
    assert.deepEqual(await readdir(dir), []);
  });

  it('refuses a damaged key file instead of replacing it', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, SERVER_KEY_FILE), 'not a key\n', { mode: 0o600 });
    await assert.rejects(loadServerKey({ configured: null, dataDir: dir }), /does not hold a server key/);
    assert.equal(await readFile(join(dir, SERVER_KEY_FILE), 'utf8'), 'not a key\n');
    await chmod(join(dir, SERVER_KEY_FILE), 0o600);
  });
});

describe('signature cache', () => {
  const box = createSecretBox(randomBytes(32));
  const stored = (inboxId: string, secret: string): StoredSignatureSettings => ({
    inboxId,
    scheme: 'github',
    sealedSecret: box.seal(secret, inboxId),
    secretHint: null,
    options: {},
    updatedAt: new Date(0),
  });

  function fixture() {
    const rows = new Map<string, StoredSignatureSettings>();
    let reads = 0;
    let clock = 0;
    const reported: Array<[string, string]> = [];
    const cache = new SignatureCache(
      {
        find: async (id) => {
          reads += 1;
          return rows.get(id) ?? null;
        },
      },
      { maxAgeMs: 1000, now: () => clock },
    );
    const keys = createSignatureKeys(box, (inboxId, reason) => reported.push([inboxId, reason]), { now: () => clock });
    return {
      rows,
      cache,
      keys,
      reported,
      reads: () => reads,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }

  it('reads and opens once per max age, answering hits synchronously; invalidation is immediate', async () => {
    const f = fixture();
    f.rows.set('inb_a', stored('inb_a', 'one'));
    const first = await f.cache.lookup('inb_a', f.keys);
    assert.deepEqual(first?.ok && first.settings.secret, 'one');
    const hit = f.cache.lookup('inb_a', f.keys);
    assert.ok(!(hit instanceof Promise));
    assert.equal(f.reads(), 1);
    // Changed by another instance: seen once the entry is a max age old, not before.
    f.rows.set('inb_a', stored('inb_a', 'two'));
    f.advance(999);
    assert.ok(!(f.cache.lookup('inb_a', f.keys) instanceof Promise));
    f.advance(1);
    const refreshed = await f.cache.lookup('inb_a', f.keys);
    assert.equal(refreshed?.ok && refreshed.settings.secret, 'two');
    // Changed by this process: seen at once.
    f.rows.delete('inb_a');
    f.cache.invalidate('inb_a');
    assert.equal(await f.cache.lookup('inb_a', f.keys), null);
    assert.equal(f.reads(), 3);
  });

  it('shares one read between concurrent misses and does not keep a read overtaken by a write', async () => {
    const f = fixture();
    f.rows.set('inb_a', stored('inb_a', 'old'));
    const a = f.cache.lookup('inb_a', f.keys);
    const b = f.cache.lookup('inb_a', f.keys);
    assert.equal(a, b);
    f.rows.set('inb_a', stored('inb_a', 'new'));
    f.cache.invalidate('inb_a');
    await a;
    const after = await f.cache.lookup('inb_a', f.keys);
    assert.equal(after?.ok && after.settings.secret, 'new');
  });

  it('reports a secret it cannot open once a minute per inbox, without the secret', async () => {
    const f = fixture();
    const foreign = createSecretBox(randomBytes(32));
    f.rows.set('inb_a', {
      ...stored('inb_a', 'hunter2-secret'),
      sealedSecret: foreign.seal('hunter2-secret', 'inb_a'),
    });
    const loaded = await f.cache.lookup('inb_a', f.keys);
    assert.ok(loaded !== null && !loaded.ok);
    assert.match(loaded.reason, /cannot be opened by this server: sealed with another server key/);
    f.advance(1000);
    await f.cache.lookup('inb_a', f.keys);
    assert.equal(f.reported.length, 1);
    f.advance(60_000);
    await f.cache.lookup('inb_a', f.keys);
    assert.equal(f.reported.length, 2);
    assert.ok(f.reported.every(([id, reason]) => id === 'inb_a' && !reason.includes('hunter2')));
  });
});
