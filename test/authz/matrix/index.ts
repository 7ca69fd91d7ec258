// The authorization matrix's entries (matrix.test.ts), one per endpoint, from the files of their
// features. Adding an endpoint to the matrix is one entry in one of them (what it holds: entry.ts).
import { ACCOUNT } from './account.js';
import { ALERTS } from './alerts.js';
import type { Cells, MatrixEntry } from './entry.js';
import { EVENT_TYPES } from './event-types.js';
import { EVENTS } from './events.js';
import { FORWARDING } from './forwarding.js';
import { INBOXES } from './inboxes.js';
import { REPLAYS } from './replays.js';
import { RESPONSES } from './responses.js';
import { SHARES } from './shares.js';
import { SIGNATURES } from './signatures.js';

/** The features' entries, each list on its own (a name in two of them would hide one entry). */
export const FEATURES: ReadonlyArray<Readonly<Record<string, MatrixEntry>>> = [
  INBOXES,
  EVENTS,
  REPLAYS,
  SHARES,
  ACCOUNT,
  FORWARDING,
  ALERTS,
  SIGNATURES,
  RESPONSES,
  EVENT_TYPES,
];

export const ENDPOINTS = {
  ...INBOXES,
  ...EVENTS,
  ...REPLAYS,
  ...SHARES,
  ...ACCOUNT,
  ...FORWARDING,
  ...ALERTS,
  ...SIGNATURES,
  ...RESPONSES,
  ...EVENT_TYPES,
} satisfies Record<string, MatrixEntry>;
export type EndpointName = keyof typeof ENDPOINTS;

/** Every row of the matrix: an endpoint, and one object it is tried on with its expected cells. */
export const ROWS: ReadonlyArray<readonly [name: EndpointName, row: Cells]> = (
  Object.entries(ENDPOINTS) as Array<[EndpointName, MatrixEntry]>
).flatMap(([name, entry]) => entry.expected.map((row) => [name, row] as const));
