import { useEffect, useState } from 'preact/hooks';
import { errorMessage } from '../api.js';

export interface SettingsForm<T> {
  /** The stored settings: undefined while loading, null when none are set. */
  readonly current: T | null | undefined;
  readonly setCurrent: (value: T | null) => void;
  readonly error: string | null;
  /** What the last change did, shown under the form. */
  readonly saved: string | null;
  /** Still loading, and nothing went wrong yet: the form waits. */
  readonly loading: boolean;
  /** Runs a change: its message shows when it succeeds, its error when it throws. */
  readonly act: (change: () => Promise<string>) => Promise<void>;
  /** The form's submit handler around `act`: the last message goes while it saves. */
  readonly submit: (event: Event, change: () => Promise<string>) => Promise<void>;
}

/**
 * The state every inbox settings form shares: the stored settings loaded for the inbox, the
 * error of the last load or change, and the message of the last change that worked.
 */
export function useSettingsForm<T>(
  inboxId: string,
  load: (inboxId: string) => Promise<T | null>,
  onLoad: (value: T | null) => void,
): SettingsForm<T> {
  const [current, setCurrent] = useState<T | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    load(inboxId).then(
      (value) => {
        setCurrent(value);
        onLoad(value);
      },
      (err: unknown) => setError(errorMessage(err)),
    );
  }, [inboxId]);

  const act = async (change: () => Promise<string>) => {
    try {
      const message = await change();
      setError(null);
      setSaved(message);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return {
    current,
    setCurrent,
    error,
    saved,
    loading: current === undefined && error === null,
    act,
    submit: async (event, change) => {
      event.preventDefault();
      setSaved(null);
      await act(change);
    },
  };
}
