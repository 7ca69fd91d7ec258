import { StorageError } from '../../errors.js';

/** Wraps any driver failure in a StorageError that keeps the original error as `cause`. */
export function storageError(action: string, err: unknown): StorageError {
  const detail = err instanceof Error ? err.message : String(err);
  return new StorageError(`sqlite: ${action} failed: ${detail}`, { cause: err });
}

/**
 * Runs a synchronous better-sqlite3 call behind the async port: the result as a resolved promise,
 * or a rejected one with a StorageError. Callers of the port never see a synchronous throw.
 */
export function attempt<T>(action: string, fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(storageError(action, err));
  }
}
