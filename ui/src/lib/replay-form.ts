/**
 * The replay panel's state as one reducer: the form (destination, edits, repeat, re-sign), the
 * request in flight, the replay shown and the event's replay history. Pure, like its reducer.
 */
import type { EventDetail, Replay, ReplayOptions, ReplayRun } from '../api.js';
import { headerLines, parseHeaderLines } from './filter.js';
import { editableHeaders, type HeaderPair, headersOption } from './header-edits.js';

/** Text bodies up to this size are offered for editing as text. */
const EDITABLE_BODY = 256 * 1024;

export interface Failure {
  readonly code: string;
  readonly message: string;
}

/** The edits to the request, as typed. */
export interface EditDraft {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: string;
  readonly replaceBody: boolean;
  readonly body: string;
}

export interface ReplayFormState extends EditDraft {
  readonly destination: string;
  readonly editing: boolean;
  readonly repeat: string;
  readonly resign: boolean;
  readonly busy: boolean;
  readonly failure: Failure | null;
  /**
   * Why the form cannot be sent as filled in (a header line without a colon, a repeat of 0),
   * shown beside the Replay button: the edit fields may have pushed the outcome off screen.
   */
  readonly formError: string | null;
  /** The replay whose result is shown: the last one sent, or one picked in the history. */
  readonly shown: Replay | null;
  /** The last repeated replay (times > 1). */
  readonly run: ReplayRun | null;
  readonly history: Replay[] | null;
  readonly historyError: string | null;
}

/** What the form edits of the captured request, worked out once per event. */
export interface EditBase {
  readonly method: string;
  readonly headers: [string, string][];
  /** The body as text when it may be edited as text; null for binary or large bodies. */
  readonly textBody: string | null;
}

export function editBase(event: EventDetail): EditBase {
  return {
    method: event.method,
    headers: editableHeaders(event.headers),
    textBody: event.bodyText !== null && event.size <= EDITABLE_BODY ? event.bodyText : null,
  };
}

/** The edits as they start (and as "Undo all edits" puts them back): the request as captured. */
export function uneditedDraft(base: EditBase): EditDraft {
  return {
    method: base.method,
    path: '',
    query: '',
    headers: headerLines(base.headers),
    replaceBody: false,
    body: base.textBody ?? '',
  };
}

export function initialReplayForm(base: EditBase, destination: string): ReplayFormState {
  return {
    ...uneditedDraft(base),
    destination,
    editing: false,
    repeat: '1',
    resign: false,
    busy: false,
    failure: null,
    formError: null,
    shown: null,
    run: null,
    history: null,
    historyError: null,
  };
}

/** The fields a person types or ticks. */
export type FormField = keyof EditDraft | 'destination' | 'editing' | 'repeat' | 'resign';

export type ReplayFormAction =
  | { [K in FormField]: { type: 'field'; field: K; value: ReplayFormState[K] } }[FormField]
  | { type: 'reset-edits'; draft: EditDraft }
  | { type: 'event-changed' }
  | { type: 'sending' }
  | { type: 'sent'; shown: Replay | null; run: ReplayRun | null }
  | { type: 'failed'; failure: Failure }
  | { type: 'invalid'; message: string }
  | { type: 'settled' }
  | { type: 'show'; replay: Replay }
  | { type: 'history'; history: Replay[] }
  | { type: 'history-failed'; message: string };

export function replayFormReducer(state: ReplayFormState, action: ReplayFormAction): ReplayFormState {
  switch (action.type) {
    case 'field':
      return { ...state, [action.field]: action.value };
    case 'reset-edits':
      return { ...state, ...action.draft, formError: null };
    case 'event-changed':
      return { ...state, shown: null, run: null, failure: null, formError: null, history: null };
    case 'sending':
      return { ...state, busy: true, failure: null, formError: null, shown: null, run: null };
    case 'sent':
      return { ...state, shown: action.shown, run: action.run };
    case 'failed':
      return { ...state, failure: action.failure };
    case 'invalid':
      return { ...state, formError: action.message };
    case 'settled':
      return { ...state, busy: false };
    case 'show':
      return { ...state, shown: action.replay };
    case 'history':
      return { ...state, history: action.history, historyError: null };
    case 'history-failed':
      return { ...state, historyError: action.message };
  }
}

/** The edits as the API takes them; throws with a message for the person. */
export function replayEdits(
  state: ReplayFormState,
  base: EditBase & { readonly headers: readonly HeaderPair[] },
): Omit<ReplayOptions, 'destination'> {
  if (!state.editing) return state.resign ? { resign: true } : {};
  const out: { -readonly [K in keyof ReplayOptions]?: ReplayOptions[K] } = {};
  const method = state.method.trim();
  if (method === '') throw new Error('The method cannot be empty.');
  if (method !== base.method) out.method = method;
  const path = state.path.trim();
  if (path !== '') out.path = path.startsWith('/') ? path : `/${path}`;
  const query = state.query.trim();
  if (query !== '') out.query = query;
  const headers = headersOption(base.headers, parseHeaderLines(state.headers));
  if (headers !== undefined) out.headers = headers;
  if (base.textBody !== null ? state.body !== base.textBody : state.replaceBody) out.body = state.body;
  if (state.resign) out.resign = true;
  return out;
}

/** How many times to send: a whole number from 1 to 100; throws with a message for the person. */
export function repeatTimes(repeat: string): number {
  const times = Number(repeat);
  if (!Number.isInteger(times) || times < 1 || times > 100)
    throw new Error('Repeat takes a whole number from 1 to 100.');
  return times;
}
