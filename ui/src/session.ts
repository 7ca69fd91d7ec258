/** The signed-in account (or none), shared by every screen. */
import { useEffect, useState } from 'preact/hooks';
import { fetchSession, setCsrfToken, signOut as apiSignOut, type Account, type SessionInfo } from './api.js';

export interface SessionState {
  /** undefined while the first check runs. */
  readonly account: Account | null | undefined;
}

let state: SessionState = { account: undefined };
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function useSession(): SessionState {
  const [, setVersion] = useState(0);
  const rendered = state;
  useEffect(() => {
    const listener = () => setVersion((n) => n + 1);
    listeners.add(listener);
    // Effects run after paint: the first session check can finish between this render and the
    // subscription, and that change would otherwise never reach this component (a page stuck on
    // "Loading" when the check answers fast).
    if (state !== rendered) listener();
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return state;
}

export function sessionState(): SessionState {
  return state;
}

export async function loadSession(): Promise<void> {
  try {
    const session = await fetchSession();
    setCsrfToken(session?.csrfToken ?? null);
    set({ account: session?.account ?? null });
  } catch {
    setCsrfToken(null);
    set({ account: null });
  }
}

export function signedIn(session: SessionInfo): void {
  setCsrfToken(session.csrfToken);
  set({ account: session.account });
}

/** The account as the server now has it (after a profile change). */
export function refreshAccount(account: Account): void {
  set({ account });
}

/** The account is gone (deleted): nobody is signed in any more. */
export function forgetSession(): void {
  setCsrfToken(null);
  set({ account: null });
}

export async function signOut(everywhere = false): Promise<void> {
  try {
    await apiSignOut(everywhere);
  } finally {
    setCsrfToken(null);
    set({ account: null });
  }
}
