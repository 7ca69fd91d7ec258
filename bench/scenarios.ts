// The scenarios of a round: each Rehook row with the bare-Node ceiling run of the same request
// shape, and the fixed-rate rows.
import type { BenchOptions, ScenarioGroup } from './options.js';
import type { LoadSpec } from './protocol.js';
import { BINARY_HEADERS, bearer, JSON_HEADERS } from './requests.js';
import type { ScenarioDef } from './results.js';
import type { SeedResult } from './seed.js';
import type { Inboxes, Servers } from './servers.js';

function kib(n: number): string {
  if (n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  return n % 1024 === 0 ? `${n / 1024} KiB` : `${n} B`;
}

/** The measured scenarios, in the order of a round: each ceiling right before what it bounds. */
export function defineScenarios(
  opts: BenchOptions,
  servers: Servers,
  seed: SeedResult,
  inboxes: Inboxes,
): ScenarioDef[] {
  const { ceiling, rehook, pg } = servers;
  const base = { timeoutSec: 30, durationSec: opts.durationSec };
  const json = { kind: 'json', size: opts.bodySize } as const;
  const post = (
    url: string,
    connections: number,
    headers: Record<string, string>,
    body: LoadSpec['body'],
  ): LoadSpec => ({
    ...base,
    url,
    method: 'POST',
    headers,
    body,
    connections,
  });
  const get = (url: string, connections: number, headers: Record<string, string>): LoadSpec => ({
    ...base,
    url,
    method: 'GET',
    headers,
    body: null,
    connections,
  });
  const ingest = (inbox: string): string => `${rehook.ingestUrl}/i/${inbox}/webhook`;
  const atCeiling = (url: string): string => `${ceiling.url}${new URL(url).pathname}`;
  const list = (inbox: string): string => `${rehook.apiUrl}/api/v1/inboxes/${inbox}/events`;
  const auth = bearer(seed.token);
  const c = opts.connections;
  const want = (g: ScenarioGroup): boolean => opts.only.has(g);
  const defs: ScenarioDef[] = [];
  /** A bare-Node ceiling run (f-direct: the replay destination alone). */
  const bare = (id: string, label: string, spec: LoadSpec): void => {
    defs.push({ id, label, kind: 'ceiling', server: 'ceiling', ceilingId: null, spec });
  };
  const measured = (
    id: string,
    label: string,
    ceilingId: string,
    spec: LoadSpec,
    server: 'rehook' | 'pg' = 'rehook',
  ): void => {
    defs.push({ id, label, kind: 'rehook', server, ceilingId, spec });
  };
  /**
   * The same request shape at a fixed offered rate: latency below saturation. No ceiling (both
   * servers would just answer the offered rate); compared with the other fixed-rate rows.
   */
  const rate = opts.fixedRate;
  const atRate = (id: string, label: string, spec: LoadSpec, kind: 'rehook' | 'ceiling' = 'rehook'): void => {
    const offered = `${label}, ${rate.toLocaleString('en-US')} req/s offered`;
    defs.push({ id, label: offered, kind, server: kind, ceilingId: null, spec: { ...spec, ratePerSec: rate } });
  };
  const size = kib(opts.bodySize);
  const large = kib(opts.largeBodySize);
  const events = (n: number): string => n.toLocaleString('en-US');

  if (want('a') || want('h')) {
    bare(
      'ceil-post',
      `bare node: POST ${size} JSON, ${c} conn`,
      post(atCeiling(ingest(inboxes.a)), c, JSON_HEADERS, json),
    );
  }
  /**
   * An ingest scenario: its ceiling run (unless another group shares it), the closed-loop row, the
   * ceiling's fixed-rate row when asked for, and its own fixed-rate row.
   */
  const ingestRows = (
    id: string,
    ceilingId: string,
    what: string,
    connections: number,
    inbox: string,
    headers: Record<string, string>,
    body: LoadSpec['body'],
    rows: { readonly bare: boolean; readonly rateCeiling: boolean },
  ): void => {
    const direct = post(ingest(inbox), connections, headers, body);
    const atBare = post(atCeiling(ingest(inbox)), connections, headers, body);
    const bareLabel = `bare node: POST ${what}, ${connections} conn`;
    const label = `(${id}) ingest ${what}, ${connections} conn`;
    if (rows.bare) bare(ceilingId, bareLabel, atBare);
    measured(id, label, ceilingId, direct);
    // The floor of the fixed-rate rows: the load generator and loopback alone.
    if (rows.rateCeiling) atRate(`${ceilingId}-rate`, bareLabel, atBare, 'ceiling');
    atRate(`${id}-rate`, label, direct);
  };

  if (want('a')) {
    ingestRows('a', 'ceil-post', `${size} JSON`, c, inboxes.a, JSON_HEADERS, json, { bare: false, rateCeiling: true });
  }
  if (want('h') && pg !== null) {
    const url = `${pg.ingestUrl}/i/${pg.target.inboxId}/webhook`;
    measured(
      'h',
      `(h) ingest ${size} JSON on PostgreSQL, ${c} conn`,
      'ceil-post',
      post(url, c, JSON_HEADERS, json),
      'pg',
    );
  }
  if (want('b')) {
    const body = { kind: 'binary', size: opts.largeBodySize } as const;
    ingestRows('b', 'ceil-post-large', `${large} binary`, c, inboxes.b, BINARY_HEADERS, body, {
      bare: true,
      rateCeiling: true,
    });
  }
  if (want('c')) {
    const hc = opts.highConnections;
    ingestRows('c', 'ceil-post-high', `${size} JSON`, hc, inboxes.c, JSON_HEADERS, json, {
      bare: true,
      rateCeiling: false,
    });
  }
  if (want('d') || want('e')) {
    bare('ceil-get', `bare node: GET, ${c} conn`, get(atCeiling(list(seed.smallInboxId)), c, auth));
  }
  if (want('d')) {
    const label = (n: number): string => `(d) list first page, inbox of ${events(n)} events, ${c} conn`;
    if (seed.bigInboxId !== null)
      measured('d-big', label(seed.bigEvents), 'ceil-get', get(list(seed.bigInboxId), c, auth));
    measured('d-small', label(seed.smallEvents), 'ceil-get', get(list(seed.smallInboxId), c, auth));
    atRate('ceil-get-rate', `bare node: GET, ${c} conn`, get(atCeiling(list(seed.smallInboxId)), c, auth), 'ceiling');
    if (seed.bigInboxId !== null) atRate('d-big-rate', label(seed.bigEvents), get(list(seed.bigInboxId), c, auth));
    atRate('d-small-rate', label(seed.smallEvents), get(list(seed.smallInboxId), c, auth));
    if (seed.bigInboxId !== null && seed.bigInboxCursors.length > 0) {
      // The runs above ask for the same first page again and again, which the store serves from
      // its read cache while nothing is written. Here every request asks for another page (a
      // `before` cursor spread over the whole inbox), so every page is read and encoded anew.
      const path = new URL(list(seed.bigInboxId)).pathname;
      const paths = seed.bigInboxCursors.map((cursor) => `${path}?before=${cursor}`);
      measured(
        'd-deep',
        `(d) list a different page each request, inbox of ${events(seed.bigEvents)} events, ${c} conn`,
        'ceil-get',
        {
          ...get(list(seed.bigInboxId), c, auth),
          paths,
        },
      );
    }
  }
  if (want('e')) {
    const url = `${rehook.apiUrl}/api/v1/events/${seed.largeEventId}`;
    measured('e', `(e) get one event with a ${kib(opts.eventBodySize)} body, ${c} conn`, 'ceil-get', get(url, c, auth));
  }
  if (want('f')) {
    const rc = opts.replayConnections;
    bare(
      'f-direct',
      `destination direct: POST ${size} JSON, ${rc} conn`,
      post(`${ceiling.url}/hook`, rc, JSON_HEADERS, json),
    );
    const replay = post(
      `${rehook.apiUrl}/api/v1/events/${seed.replayEventId}/replay`,
      rc,
      { ...auth, 'Content-Type': 'application/json' },
      { kind: 'literal', text: JSON.stringify({ destination: `${ceiling.url}/hook` }) },
    );
    measured('f', `(f) replay round trip to a local destination, ${rc} conn`, 'f-direct', replay);
  }
  return defs;
}
