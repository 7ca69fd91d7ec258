import { client, isRehookError } from '../../api.js';
import {
  type EventFilter,
  type FilterField,
  type FilterProblem,
  filterParams,
  isEmptyFilter,
} from '../../lib/filter.js';

const FIELDS: readonly string[] = ['method', 'path', 'header', 'q', 'json', 'since', 'until'] satisfies FilterField[];

/**
 * Asks the list API whether it takes `filter` before the list switches to it, so a value only
 * the server can judge is refused with its message while the list keeps its results and the URL
 * its filter. Null when the filter is taken (or the check failed for another reason: the list
 * then shows that failure itself).
 */
export async function filterRefusal(inboxId: string, filter: EventFilter): Promise<FilterProblem | null> {
  if (isEmptyFilter(filter)) return null;
  try {
    await client.events(inboxId, { limit: 1, filter: filterParams(filter) });
    return null;
  } catch (err) {
    if (!isRehookError(err, 'VALIDATION_FAILED')) return null;
    // The API names the parameter as the detail's path (`/since`).
    const details = err.extra['details'];
    const path = Array.isArray(details) ? (details[0] as { path?: unknown } | undefined)?.path : undefined;
    const name = typeof path === 'string' ? path.replace(/^\//, '') : '';
    return { field: (FIELDS.includes(name) ? name : 'q') as FilterField, message: err.message };
  }
}
