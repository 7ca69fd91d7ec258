/**
 * What the inbox's detail pane shows besides an event, kept in the page's query string beside
 * the filter (lib/filter.ts): `?panel=settings` for the inbox's settings, `?compare=<from>,<to>`
 * for two requests side by side. Reload, Back and Forward restore them and the address can be
 * shared; closing one removes its parameter. Pure (no DOM).
 */

export interface Comparison {
  readonly from: string;
  readonly to: string;
  /** Which rule found `from` ("Compare with previous"): shown while it is known, not kept in the URL. */
  readonly caption?: string | undefined;
}

export interface ViewState {
  readonly panel: 'settings' | null;
  readonly compare: Comparison | null;
}

export const NO_VIEW: ViewState = { panel: null, compare: null };

export function parseView(search: string): ViewState {
  const query = new URLSearchParams(search);
  const [from, to, ...rest] = (query.get('compare') ?? '').split(',').map((id) => id.trim());
  return {
    panel: query.get('panel') === 'settings' ? 'settings' : null,
    compare: from && to && rest.length === 0 ? { from, to } : null,
  };
}

/** `filterQuery` (the list's filter, already as parameters) followed by the view's parameters. */
export function viewQuery(filterQuery: string, view: ViewState): string {
  const query = new URLSearchParams(filterQuery);
  if (view.panel !== null) query.set('panel', view.panel);
  // The comma is left as typed: ids never hold one, and the address stays readable.
  const compare =
    view.compare === null
      ? ''
      : `compare=${encodeURIComponent(view.compare.from)},${encodeURIComponent(view.compare.to)}`;
  return [query.toString(), compare].filter((part) => part !== '').join('&');
}
