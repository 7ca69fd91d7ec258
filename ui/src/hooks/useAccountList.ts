import { useEffect, useState } from 'preact/hooks';
import { errorMessage } from '../api.js';
import { navigate } from '../router.js';
import { useSession } from '../session.js';

/**
 * A signed-in page's list (inboxes, tokens): loaded once the session is known, or a redirect to
 * sign in; the page's error; and how its changes run (a failure shows as that error).
 */
export function useAccountList<T>(
  load: () => Promise<T[]>,
  /** Where signing in leads back to. */
  signinPath: string,
) {
  const session = useSession();
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = async () => {
    try {
      setItems(await load());
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  useEffect(() => {
    if (session.account === null) navigate(signinPath, { replace: true });
    if (session.account) void reload();
  }, [session.account === null, session.account?.id]);

  /** Runs a change; a failure shows as the page's error. */
  const attempt = async (change: () => Promise<void>) => {
    try {
      await change();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return {
    account: session.account,
    items,
    error,
    setError,
    reload,
    busy,
    attempt,
    /** The create form's submit: busy (its button disabled) until the change is done. */
    create: async (event: Event, change: () => Promise<void>) => {
      event.preventDefault();
      setBusy(true);
      await attempt(change);
      setBusy(false);
    },
  };
}
