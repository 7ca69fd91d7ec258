import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { newId } from '../../../src/domain/ids.js';
import type { StoredSignatureSettings } from '../../../src/ports/signature-settings-repository.js';
import { HOUR, anonymousInbox, at, ownedInbox, type StoreGetter } from './fixtures.js';

function settings(inboxId: string, overrides: Partial<StoredSignatureSettings> = {}): StoredSignatureSettings {
  return {
    inboxId,
    scheme: 'stripe',
    sealedSecret: `v1.0badc0de.${newId('share')}`,
    secretHint: 'whsec_…AbCd',
    options: { toleranceSeconds: 300 },
    updatedAt: at(HOUR),
    ...overrides,
  };
}

/** Conformance cases for SignatureSettingsRepository, and its part of deleting an inbox. */
export function describeSignatureCases(store: StoreGetter): void {
  describe('signature settings', () => {
    it('stores the settings of an owned inbox with every field intact; null for an inbox without', async () => {
      const owner = newId('account');
      const inbox = ownedInbox(owner);
      await store().inboxes.insert(inbox);
      assert.equal(await store().signatures.find(inbox.id), null);
      const stored = settings(inbox.id, {
        scheme: 'hmac-sha256',
        secretHint: null,
        options: { header: 'X-Signature', encoding: 'base64', prefix: 'sha256=' },
      });
      assert.equal(await store().signatures.put(stored, owner), true);
      assert.deepEqual(await store().signatures.find(inbox.id), stored);
      assert.equal(await store().signatures.find(newId('inbox')), null);
    });

    it('replaces the settings on a second put (one row per inbox)', async () => {
      const owner = newId('account');
      const inbox = ownedInbox(owner);
      await store().inboxes.insert(inbox);
      await store().signatures.put(settings(inbox.id), owner);
      const replaced = settings(inbox.id, {
        scheme: 'github',
        sealedSecret: 'v1.other',
        options: {},
        updatedAt: at(2 * HOUR),
      });
      assert.equal(await store().signatures.put(replaced, owner), true);
      assert.deepEqual(await store().signatures.find(inbox.id), replaced);
    });

    it('writes nothing for another owner, an anonymous inbox or an unknown one', async () => {
      const owner = newId('account');
      const inbox = ownedInbox(owner);
      const anon = anonymousInbox();
      await store().inboxes.insert(inbox);
      await store().inboxes.insert(anon);
      assert.equal(await store().signatures.put(settings(inbox.id), newId('account')), false);
      assert.equal(await store().signatures.put(settings(anon.id), owner), false);
      const unknown = newId('inbox');
      assert.equal(await store().signatures.put(settings(unknown), owner), false);
      for (const id of [inbox.id, anon.id, unknown]) assert.equal(await store().signatures.find(id), null);
    });

    it('deletes the settings; deleting again reports that there were none', async () => {
      const owner = newId('account');
      const inbox = ownedInbox(owner);
      await store().inboxes.insert(inbox);
      await store().signatures.put(settings(inbox.id), owner);
      assert.equal(await store().signatures.delete(inbox.id), true);
      assert.equal(await store().signatures.find(inbox.id), null);
      assert.equal(await store().signatures.delete(inbox.id), false);
    });

    it('goes with its inbox: deleting the inbox deletes the settings in the same step', async () => {
      const owner = newId('account');
      const inbox = ownedInbox(owner);
      const other = ownedInbox(owner);
      await store().inboxes.insert(inbox);
      await store().inboxes.insert(other);
      const kept = settings(other.id);
      await store().signatures.put(settings(inbox.id), owner);
      await store().signatures.put(kept, owner);
      assert.equal(await store().inboxes.delete(inbox.id, owner), true);
      assert.equal(await store().signatures.find(inbox.id), null);
      assert.deepEqual(await store().signatures.find(other.id), kept);
      // And a deleted inbox cannot get settings back.
      assert.equal(await store().signatures.put(settings(inbox.id), owner), false);
      assert.equal(await store().signatures.find(inbox.id), null);
    });
  });
}
