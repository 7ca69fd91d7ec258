// Drift on ordinary traffic: for each kind of Stripe, GitHub and Shopify event, streams of
// realistic events (test/helpers/webhook-streams.ts; 1,000 per type and seed) typed, checked
// and folded as the event-type worker does, under a minimum of samples. Prints, per type, the
// events flagged per 1,000 ordinary events (over every seed) and the real changes caught on
// their first occurrence, then the totals. Deterministic: the same arguments print the same table.
//
//   npx tsx bench/drift-streams.ts [--events 1000] [--seeds 20] [--min-samples 50]
import { parseArgs } from 'node:util';

import { eventTypeOf } from '../src/domain/event-type.js';
import { DEFAULT_MIN_SAMPLES, emptyLearnedSchema, foldSample } from '../src/domain/learned-schema.js';
import { describeDifference, driftOf } from '../src/domain/drift.js';
import { changesFor, eventStream, STREAM_KINDS } from '../test/helpers/webhook-streams.js';

const { values } = parseArgs({
  options: { events: { type: 'string' }, seeds: { type: 'string' }, 'min-samples': { type: 'string' } },
});
const events = Number(values.events ?? 1000);
const seeds = Number(values.seeds ?? 20);
const minSamples = Number(values['min-samples'] ?? DEFAULT_MIN_SAMPLES);
const INBOX = 'inb_0123456789abcdefghjkmnpqrs';

const rows: string[][] = [];
let totalEvents = 0;
let totalFlagged = 0;
let totalCaught = 0;
let totalChanges = 0;
const examples: string[] = [];
const started = performance.now();
for (const kind of STREAM_KINDS) {
  let flagged = 0;
  let caught = 0;
  let changes = 0;
  let retries = 0;
  for (let seed = 1; seed <= seeds; seed += 1) {
    const shape = emptyLearnedSchema();
    const stream = eventStream(kind, events + 40, seed);
    for (const event of stream.slice(0, events)) {
      const json = JSON.parse(JSON.stringify(event.body)) as unknown;
      const headers = event.headers;
      if (
        eventTypeOf({ inboxId: INBOX, method: 'POST', path: `/i/${INBOX}`, headers, json }, null) !== kind.eventType
      ) {
        throw new Error(`an event of ${kind.eventType} was typed otherwise`);
      }
      const drift = driftOf(shape, json, minSamples);
      if (drift.length > 0) {
        flagged += 1;
        if (examples.length < 10)
          examples.push(`${kind.eventType} (seed ${seed}): ${drift.map(describeDifference).join('; ')}`);
      }
      if (event.retry) retries += 1;
      foldSample(shape, json);
    }
    const next = stream.slice(events).find((e) => !e.retry);
    if (next === undefined) throw new Error('no fresh event after the stream');
    for (const change of changesFor(kind)) {
      const body = JSON.parse(JSON.stringify(next.body)) as Record<string, never>;
      change.apply(body);
      changes += 1;
      if (driftOf(shape, body, minSamples).some((d) => d.kind === change.kind && d.path === change.path)) caught += 1;
    }
  }
  const ordinary = events * seeds;
  totalEvents += ordinary;
  totalFlagged += flagged;
  totalCaught += caught;
  totalChanges += changes;
  rows.push([
    kind.provider,
    kind.eventType,
    String(ordinary),
    String(retries),
    ((flagged * 1000) / ordinary).toFixed(2),
    `${caught} / ${changes}`,
  ]);
}
rows.push([
  'all',
  `${STREAM_KINDS.length} types`,
  String(totalEvents),
  '',
  ((totalFlagged * 1000) / totalEvents).toFixed(2),
  `${totalCaught} / ${totalChanges}`,
]);

const header = ['Provider', 'Event type', 'Ordinary events', 'Retries', 'Flagged per 1,000', 'Real changes caught'];
const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
process.stdout.write(
  `Drift on ordinary streams: ${events} events per type and seed, ${seeds} seeds, minimum of samples ${minSamples}\n\n` +
    `${[line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')}\n\n` +
    (examples.length > 0 ? `Flagged ordinary events (first ${examples.length}):\n${examples.join('\n')}\n` : '') +
    `${totalEvents} events checked and folded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
