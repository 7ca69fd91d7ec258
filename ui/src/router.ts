/**
 * A tiny client-side router over the History API. Routes are the server's UI_ROUTES
 * (src/http/api/core/static-ui.ts): each of these paths is served index.html.
 */
import { useEffect, useState } from 'preact/hooks';
import { sameOriginPath } from '../../src/domain/next-path.js';
import { confirmLeave, hasUnsavedChanges } from './lib/unsaved.js';

export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'inbox'; readonly inboxId: string; readonly eventId: string | null; readonly search: string }
  | { readonly page: 'signin'; readonly next: string | null }
  | { readonly page: 'signup'; readonly next: string | null }
  | { readonly page: 'types'; readonly inboxId: string; readonly eventType: string | null }
  | { readonly page: 'dashboard' }
  | { readonly page: 'settings' }
  | { readonly page: 'tokens' }
  | { readonly page: 'accountAudit' }
  | { readonly page: 'teamAudit'; readonly teamId: string }
  /** An old address of a page: replaced by its new one at once. */
  | { readonly page: 'moved'; readonly to: string }
  | { readonly page: 'teams' }
  | { readonly page: 'team'; readonly teamId: string }
  | { readonly page: 'join'; readonly token: string }
  | { readonly page: 'share'; readonly token: string; readonly eventId: string | null; readonly search: string }
  | { readonly page: 'notFound' };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Only paths of this app are followed after sign-in: the server's rule (src/domain/next-path.ts),
 * resolved against this page's origin; anything else opens the dashboard.
 */
export function safeNext(value: string | null): string | null {
  return value === null ? null : sameOriginPath(value, location.origin);
}

export function parseRoute(pathname: string, search: string): Route {
  const query = new URLSearchParams(search);
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1).map(decode);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === '')) return { page: 'home' };
  const [first, second, third, fourth] = parts;
  // The inbox pages keep the event list's filter in the query (lib/filter.ts).
  if (first === 'inboxes' && second !== undefined && parts.length === 2)
    return { page: 'inbox', inboxId: second, eventId: null, search };
  if (first === 'inboxes' && second !== undefined && third === 'events' && fourth !== undefined && parts.length === 4) {
    return { page: 'inbox', inboxId: second, eventId: fourth, search };
  }
  if (first === 'inboxes' && second !== undefined && third === 'types' && parts.length === 3)
    return { page: 'types', inboxId: second, eventType: null };
  if (first === 'inboxes' && second !== undefined && third === 'types' && fourth !== undefined && parts.length === 4)
    return { page: 'types', inboxId: second, eventType: fourth };
  if (first === 'signin' && parts.length === 1) return { page: 'signin', next: safeNext(query.get('next')) };
  if (first === 'signup' && parts.length === 1) return { page: 'signup', next: safeNext(query.get('next')) };
  if (first === 'dashboard' && parts.length === 1) return { page: 'dashboard' };
  if (first === 'settings' && parts.length === 1) return { page: 'settings' };
  if (first === 'settings' && second === 'tokens' && parts.length === 2) return { page: 'tokens' };
  if (first === 'settings' && second === 'audit' && parts.length === 2) return { page: 'accountAudit' };
  // API tokens lived at /tokens before Settings existed.
  if (first === 'tokens' && parts.length === 1) return { page: 'moved', to: '/settings/tokens' };
  if (first === 'teams' && parts.length === 1) return { page: 'teams' };
  if (first === 'teams' && second !== undefined && parts.length === 2) return { page: 'team', teamId: second };
  if (first === 'teams' && second !== undefined && third === 'audit' && parts.length === 3)
    return { page: 'teamAudit', teamId: second };
  if (first === 'join' && second !== undefined && parts.length === 2) return { page: 'join', token: second };
  if (first === 's' && second !== undefined && parts.length === 2)
    return { page: 'share', token: second, eventId: query.get('event'), search };
  return { page: 'notFound' };
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Each history entry of the app carries its position, so that a Back or Forward that would drop
 * unsaved settings can be undone (by the same number of steps) while the person is asked.
 */
function positionOf(state: unknown): number | null {
  const position = (state as { position?: unknown } | null)?.position;
  return typeof position === 'number' ? position : null;
}
let position = positionOf(history.state) ?? 0;
if (positionOf(history.state) === null) history.replaceState({ position }, '');
/** A step of our own, undoing a Back or Forward while the person is asked: not a navigation. */
let undoing = false;

function go(path: string, replace: boolean): void {
  if (replace) history.replaceState({ position }, '', path);
  else {
    position += 1;
    history.pushState({ position }, '', path);
  }
  notify();
}

/**
 * Opens an app path. While a settings form has unsaved changes the person is asked first
 * (lib/unsaved.ts); `afterwards` runs only once the navigation happened.
 */
export function navigate(
  path: string,
  options: {
    replace?: boolean;
    afterwards?: () => void;
    /** The page stays and keeps its forms (a new filter beside open settings): nothing to ask. */
    keepsForms?: boolean;
  } = {},
): void {
  if (path === location.pathname + location.search) {
    options.afterwards?.();
    return;
  }
  if (options.keepsForms === true || !hasUnsavedChanges()) {
    go(path, options.replace === true);
    options.afterwards?.();
    return;
  }
  void confirmLeave().then((leave) => {
    if (!leave) return;
    go(path, options.replace === true);
    options.afterwards?.();
  });
}

window.addEventListener('popstate', (event) => {
  if (undoing) {
    undoing = false;
    return;
  }
  const target = positionOf(event.state);
  if (target !== null && target !== position && hasUnsavedChanges()) {
    // The address already changed: step back to the page with the form, then ask.
    const steps = target - position;
    undoing = true;
    history.go(-steps);
    void confirmLeave().then((leave) => {
      if (leave) history.go(steps);
    });
    return;
  }
  if (target !== null) position = target;
  notify();
});

export function currentRoute(): Route {
  return parseRoute(location.pathname, location.search);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(currentRoute);
  const [renderedAt] = useState(() => location.pathname + location.search);
  useEffect(() => {
    const update = () => setRoute(currentRoute());
    listeners.add(update);
    // A child's effect runs before this one and may already have navigated (a signed-out visit
    // redirected to sign in): that change happened before the subscription.
    if (location.pathname + location.search !== renderedAt) update();
    return () => {
      listeners.delete(update);
    };
  }, []);
  return route;
}

/** Click handler for in-app links: plain clicks navigate without a reload. */
export function linkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const anchor = (event.currentTarget as HTMLAnchorElement | null) ?? null;
  if (anchor === null || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
}

export const paths = {
  home: () => '/',
  inbox: (inboxId: string, search = '') =>
    `/inboxes/${encodeURIComponent(inboxId)}${search === '' ? '' : `?${search}`}`,
  event: (inboxId: string, eventId: string, search = '') =>
    `/inboxes/${encodeURIComponent(inboxId)}/events/${encodeURIComponent(eventId)}${search === '' ? '' : `?${search}`}`,
  share: (token: string, search = '') => `/s/${encodeURIComponent(token)}${search === '' ? '' : `?${search}`}`,
  shareEvent: (token: string, eventId: string, search = '') =>
    `/s/${encodeURIComponent(token)}?event=${encodeURIComponent(eventId)}${search === '' ? '' : `&${search}`}`,
  signin: (next?: string) => (next ? `/signin?next=${encodeURIComponent(next)}` : '/signin'),
  signup: (next?: string) => (next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'),
  eventTypes: (inboxId: string) => `/inboxes/${encodeURIComponent(inboxId)}/types`,
  eventType: (inboxId: string, eventType: string) =>
    `/inboxes/${encodeURIComponent(inboxId)}/types/${encodeURIComponent(eventType)}`,
  dashboard: () => '/dashboard',
  settings: () => '/settings',
  tokens: () => '/settings/tokens',
  accountAudit: () => '/settings/audit',
  teams: () => '/teams',
  team: (teamId: string) => `/teams/${encodeURIComponent(teamId)}`,
  teamAudit: (teamId: string) => `/teams/${encodeURIComponent(teamId)}/audit`,
  join: (token: string) => `/join/${encodeURIComponent(token)}`,
};
