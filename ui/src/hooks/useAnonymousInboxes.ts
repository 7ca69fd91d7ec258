import { useEffect, useState } from 'preact/hooks';
import { client, type InboxView as Inbox } from '../api.js';
import { recentInboxes } from '../lib/storage.js';

/**
 * The anonymous inboxes this browser opened that the account does not own, each as the server
 * has it now (event count, expiry): those that expired or were deleted since drop out. Null
 * while loading. `ownedIds` is null until the account's own inboxes are known.
 */
export function useAnonymousInboxes(ownedIds: ReadonlySet<string> | null): Inbox[] | null {
  const [inboxes, setInboxes] = useState<Inbox[] | null>(null);
  const key = ownedIds === null ? null : [...ownedIds].sort().join(',');
  useEffect(() => {
    if (ownedIds === null) return;
    let live = true;
    const candidates = recentInboxes().filter((item) => item.expiresAt !== null && !ownedIds.has(item.id));
    void Promise.all(
      candidates.map((item) =>
        client.inbox(item.id).then(
          (inbox) => inbox as Inbox,
          () => null,
        ),
      ),
    ).then((loaded) => {
      if (live) setInboxes(loaded.filter((inbox): inbox is Inbox => inbox !== null && !inbox.saved));
    });
    return () => {
      live = false;
    };
  }, [key]);
  return inboxes;
}
