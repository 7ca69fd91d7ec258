import { errorMessage } from '../../api.js';

/**
 * Runs one of the inbox bar's actions: its failure's message goes to `onError`, and success
 * clears a message an earlier action left.
 */
export async function reportTo(onError: (message: string | null) => void, action: () => Promise<void>): Promise<void> {
  try {
    await action();
    onError(null);
  } catch (err) {
    onError(errorMessage(err));
  }
}
