// The access rules that many endpoints of the authorization matrix share, each written once as the
// rows of an entry (entry.ts): `ok` is the answer of a caller the rule lets through (the
// endpoint's success status, or the error its own logic answers past the access rules). An
// endpoint whose answers follow no rule here writes its rows out in its entry.
import type { Cells } from './entry.js';

/**
 * Reading an inbox: anyone holding an anonymous inbox's id, the owner of an owned one, and a
 * sharing link of it (a link reads nothing else).
 */
// biome-ignore format: a table, one row per object, its cells under the columns they answer
export const readInbox = (ok: string): readonly Cells[] => [
  // object    anon    A       B       revA   bad    shareA  revS
  ['anon',    ok,     ok,     ok,     '401', '401', '404I', '404S'],
  ['ownedA',  '401',  ok,     '404I', '401', '401', ok,     '404S'],
  ['expired', '404I', '404I', '404I', '401', '401', '404I', '404S'],
  ['missing', '404I', '404I', '404I', '401', '401', '404I', '404S'],
];

/**
 * Reading an event: the rules of reading its inbox; an event nobody was given, or one of an
 * inbox the caller cannot read, is EVENT_NOT_FOUND (an expired inbox's, INBOX_NOT_FOUND).
 */
// biome-ignore format: a table, one row per object, its cells under the columns they answer
export const readEvent = (ok: string): readonly Cells[] => [
  // object    anon    A       B       revA   bad    shareA  revS
  ['anon',    ok,     ok,     ok,     '401', '401', '404E', '404S'],
  ['ownedA',  '401',  ok,     '404E', '401', '401', ok,     '404S'],
  ['expired', '404I', '404I', '404I', '401', '401', '404I', '404S'],
  ['missing', '404E', '404E', '404E', '401', '401', '404E', '404S'],
];

/** Changing an inbox: anyone holding an anonymous inbox's id, the owner of an owned one; no link. */
// biome-ignore format: a table, one row per object, its cells under the columns they answer
export const changeInbox = (ok: string): readonly Cells[] => [
  // object    anon    A       B       revA   bad    shareA  revS
  ['anon',    ok,     ok,     ok,     '401', '401', '403S', '404S'],
  ['ownedA',  '401',  ok,     '404I', '401', '401', '403S', '404S'],
  ['expired', '404I', '404I', '404I', '401', '401', '403S', '404S'],
  ['missing', '404I', '404I', '404I', '401', '401', '403S', '404S'],
];

/** Changing an event: the rules of changing its inbox, answered for the event. */
// biome-ignore format: a table, one row per object, its cells under the columns they answer
export const changeEvent = (ok: string): readonly Cells[] => [
  // object    anon    A       B       revA   bad    shareA  revS
  ['anon',    ok,     ok,     ok,     '401', '401', '403S', '404S'],
  ['ownedA',  '401',  ok,     '404E', '401', '401', '403S', '404S'],
  ['expired', '404I', '404I', '404I', '401', '401', '403S', '404S'],
  ['missing', '404E', '404E', '404E', '401', '401', '403S', '404S'],
];

/** An account's use of an inbox: any account for an anonymous inbox, the owner of an owned one. */
// biome-ignore format: a table, one row per object, its cells under the columns they answer
export const accountOnInbox = (ok: string): readonly Cells[] => [
  // object    anon    A       B       revA   bad    shareA  revS
  ['anon',    '401',  ok,     ok,     '401', '401', '403S', '404S'],
  ['ownedA',  '401',  ok,     '404I', '401', '401', '403S', '404S'],
  ['expired', '401',  '404I', '404I', '401', '401', '403S', '404S'],
  ['missing', '401',  '404I', '404I', '401', '401', '403S', '404S'],
];

/** An account's use of an event: the rules of its inbox, answered for the event. */
// biome-ignore format: a table, one row per object, its cells under the columns they answer
export const accountOnEvent = (ok: string): readonly Cells[] => [
  // object    anon    A       B       revA   bad    shareA  revS
  ['anon',    '401',  ok,     ok,     '401', '401', '403S', '404S'],
  ['ownedA',  '401',  ok,     '404E', '401', '401', '403S', '404S'],
  ['expired', '401',  '404I', '404I', '401', '401', '403S', '404S'],
  ['missing', '401',  '404E', '404E', '401', '401', '403S', '404S'],
];

/**
 * The settings of a saved inbox (forwarding, alerts, signature, type rule...): only its owner; an
 * anonymous inbox has none (409 INBOX_NOT_SAVED); no link.
 */
// biome-ignore format: a table, one row per object, its cells under the columns they answer
export const ownerOfSavedInbox = (ok: string): readonly Cells[] => [
  // object    anon    A       B       revA   bad    shareA  revS
  ['anon',    '401',  '409N', '409N', '401', '401', '403S', '404S'],
  ['ownedA',  '401',  ok,     '404I', '401', '401', '403S', '404S'],
  ['expired', '401',  '404I', '404I', '401', '401', '403S', '404S'],
  ['missing', '401',  '404I', '404I', '401', '401', '403S', '404S'],
];

/** The events of a saved inbox, under its settings: the rules of those settings, answered for the event. */
// biome-ignore format: a table, one row per object, its cells under the columns they answer
export const ownerOfSavedInboxEvent = (ok: string): readonly Cells[] => [
  // object    anon    A       B       revA   bad    shareA  revS
  ['anon',    '401',  '409N', '409N', '401', '401', '403S', '404S'],
  ['ownedA',  '401',  ok,     '404E', '401', '401', '403S', '404S'],
  ['expired', '401',  '404I', '404I', '401', '401', '403S', '404S'],
  ['missing', '401',  '404E', '404E', '401', '401', '403S', '404S'],
];
