import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';

import type { Store } from '../../src/ports/store.js';
import { describeListAfterCases } from './conformance/after.js';
import { describeEventCases } from './conformance/events.js';
import { describeEventTypeCases } from './conformance/event-types.js';
import { describeEvictionCases } from './conformance/eviction.js';
import { describeAlertCases } from './conformance/alerts.js';
import { describeForwardingCases } from './conformance/forwarding.js';
import { describeFullPageCases } from './conformance/full-pages.js';
import { describeInboxNameAndCountCases } from './conformance/inbox-names-counts.js';
import { describeInboxCases } from './conformance/inboxes.js';
import { describeLifecycleCases } from './conformance/lifecycle.js';
import { describeListingCases } from './conformance/listing.js';
import { describeResponseCases } from './conformance/responses.js';
import { describeRetentionCases } from './conformance/retention.js';
import { describePurgeCases } from './conformance/purge.js';
import { describeReplayJobCases } from './conformance/replay-jobs.js';
import { describeSearchCases } from './conformance/search.js';
import { describeSessionCases } from './conformance/sessions.js';
import { describeAccountSettingsCases } from './conformance/account-settings.js';
import { describeShareCases } from './conformance/shares.js';
import { describeSignatureCases } from './conformance/signatures.js';
import { describeSummaryJsonCases } from './conformance/summary-json.js';
import { describeTeamCases } from './conformance/teams.js';
import { describeAuditCases } from './conformance/audit.js';
import { describeIdentityCases } from './conformance/identities.js';
import {
  describeAccountCases,
  describeReplayCases,
  describeTokenCases,
} from './conformance/replays-accounts-tokens.js';

/** A store under test and how to dispose of it (close it, then remove its files or schema). */
export interface StoreUnderTest {
  readonly store: Store;
  readonly cleanup: () => Promise<void>;
}

/**
 * The shared behaviour every Store adapter must show, written against the port only so the
 * SQLite and PostgreSQL adapters run the very same cases. `makeStore` is called before each test
 * and must return an empty, migrated store; its `cleanup` runs after each test.
 */
export function describeStoreConformance(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`Store conformance: ${name}`, () => {
    let current: StoreUnderTest | undefined;

    beforeEach(async () => {
      current = await makeStore();
    });

    afterEach(async () => {
      const done = current;
      current = undefined;
      await done?.cleanup();
    });

    const store = (): Store => {
      if (current === undefined) throw new Error('no store: makeStore() has not run');
      return current.store;
    };

    describeInboxCases(store);
    describeInboxNameAndCountCases(store);
    describePurgeCases(store);
    describeEventCases(store);
    describeEvictionCases(store);
    describeRetentionCases(store);
    describeListingCases(store);
    describeListAfterCases(store);
    describeSearchCases(store);
    describeFullPageCases(store);
    describeSummaryJsonCases(store);
    describeReplayCases(store);
    describeAccountCases(store);
    describeTokenCases(store);
    describeShareCases(store);
    describeSignatureCases(store);
    describeSessionCases(store);
    describeAccountSettingsCases(store);
    describeIdentityCases(store);
    describeReplayJobCases(store);
    describeResponseCases(store);
    describeForwardingCases(store);
    describeEventTypeCases(store);
    describeAlertCases(store);
    describeLifecycleCases(store);
    describeTeamCases(store);
    describeAuditCases(store);

    it('answers ping on a usable store', async () => {
      await assert.doesNotReject(store().ping());
    });
  });
}
