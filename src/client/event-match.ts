import type { EventDetail, EventMatch } from './types.js';
import { isObject } from './transport.js';

/** The parsed JSON body of an event, or undefined when it is not JSON. */
export function eventJson(event: Pick<EventDetail, 'bodyText'>): unknown {
  if (event.bodyText === null) return undefined;
  try {
    return JSON.parse(event.bodyText) as unknown;
  } catch {
    return undefined;
  }
}

/** The value of the first header with this name (case-insensitive), or undefined. */
export function eventHeader(event: Pick<EventDetail, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return event.headers.find(([header]) => header.toLowerCase() === wanted)?.[1];
}

/** The predicate of a `waitForEvent` match: every part of a pattern must hold. */
export function matcherFor(match: EventMatch | undefined): (event: EventDetail) => boolean {
  if (match === undefined) return () => true;
  if (typeof match === 'function') return match;
  return (event) => {
    if (match.method !== undefined && event.method.toUpperCase() !== match.method.toUpperCase()) return false;
    if (match.path !== undefined) {
      const below = event.path.slice(`/i/${event.inboxId}`.length) || '/';
      if (event.path !== match.path && below !== match.path) return false;
    }
    for (const [name, value] of Object.entries(match.headers ?? {})) {
      if (eventHeader(event, name) !== value) return false;
    }
    if (match.json !== undefined) {
      const body = eventJson(event);
      if (body === undefined || !containsJson(body, match.json)) return false;
    }
    return true;
  };
}

/** True when `value` contains `pattern`: objects by their pattern keys, recursively; the rest equal. */
function containsJson(value: unknown, pattern: unknown): boolean {
  if (isObject(pattern)) {
    if (!isObject(value)) return false;
    return Object.entries(pattern).every(([key, sub]) => Object.hasOwn(value, key) && containsJson(value[key], sub));
  }
  if (Array.isArray(pattern)) {
    return (
      Array.isArray(value) && value.length === pattern.length && pattern.every((sub, i) => containsJson(value[i], sub))
    );
  }
  return Object.is(value, pattern);
}
