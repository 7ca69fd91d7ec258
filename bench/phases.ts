// The phases after the measured rounds: sustained ingest (RSS trend, bytes per event), live-stream
// fan-out (g), and many clients streaming large bodies (RSS bound).
import { rawRequestSize } from './bodies.js';
import { fmtBytes, fmtRun } from './format.js';
import { log } from './log.js';
import { databaseSize, rssBetween, slope } from './measure.js';
import type { BenchOptions } from './options.js';
import { readRss, RssSampler } from './processes.js';
import { bearer, createInbox, JSON_HEADERS } from './requests.js';
import type { DiskResult, LiveStream, StreamingMemory, SustainedMemory } from './results.js';
import type { SeedResult } from './seed.js';
import type { Servers } from './servers.js';

export async function sustainedPhase(
  servers: Servers,
  seed: SeedResult,
  opts: BenchOptions,
): Promise<{ memory: SustainedMemory; disk: DiskResult }> {
  const inbox = await createInbox(servers.rehook.apiUrl, seed.token);
  const url = `${servers.rehook.ingestUrl}/i/${inbox}/webhook`;
  const before = databaseSize(seed.databasePath, inbox);
  log(`sustained ingest for ${opts.sustainSec} s (RSS every 250 ms, bytes per event)...`);
  const sampler = new RssSampler(servers.rehook.proc.pid, 250);
  const result = await servers.load.autocannon({
    url,
    method: 'POST',
    headers: JSON_HEADERS,
    body: { kind: 'json', size: opts.bodySize },
    connections: opts.connections,
    durationSec: opts.sustainSec,
    timeoutSec: 30,
  });
  const samples = sampler.stop();
  const after = databaseSize(seed.databasePath, inbox);
  const totalMs = opts.sustainSec * 1000;
  // The first third is warm-up: the heap left by earlier scenarios is still being collected.
  const warmMs = totalMs / 3;
  const windowMs = Math.min(1000, totalMs * 0.2);
  const startBytes = rssBetween(samples, warmMs, warmMs + windowMs);
  const endBytes = rssBetween(samples, totalMs - windowMs, totalMs);
  const trend = slope(samples.filter((x) => x.t >= warmMs && x.t <= totalMs));
  const events = after.events - before.events;
  log(`sustained: ${fmtRun(result)}; RSS ${fmtBytes(startBytes)} -> ${fmtBytes(endBytes)}; ${events} events stored`);
  const raw = rawRequestSize('POST', url, JSON_HEADERS, opts.bodySize);
  return {
    memory: {
      seconds: opts.sustainSec,
      warmupMs: warmMs,
      rps: result.rps,
      p99: result.p99,
      non2xx: result.non2xx + result.errors,
      events,
      startBytes,
      endBytes,
      peakBytes: Math.max(...samples.map((s) => s.bytes)),
      growth: endBytes / startBytes - 1,
      trendBytesPerMin: trend * 60_000,
      samples: samples.map((s) => ({ t: Math.round(s.t), bytes: s.bytes })),
    },
    disk: {
      events,
      rawRequestBytes: raw,
      logicalBytesPerEvent: (after.logical - before.logical) / events,
      physicalBytesPerEvent: (after.physical - before.physical) / events,
      ratio: (after.logical - before.logical) / events / raw,
      databaseBytesAtEnd: 0,
      walBytesAtEnd: 0,
    },
  };
}

/** (g): whether the build has the live stream endpoint (an unknown route answers 404 NOT_FOUND). */
async function hasStreamEndpoint(apiUrl: string, inbox: string, token: string): Promise<boolean> {
  const controller = new AbortController();
  try {
    const res = await fetch(`${apiUrl}/api/v1/inboxes/${inbox}/stream`, {
      headers: { ...bearer(token), accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const found = res.status === 200 && (res.headers.get('content-type') ?? '').includes('text/event-stream');
    controller.abort();
    return found;
  } catch {
    return false;
  }
}

export async function ssePhase(
  servers: Servers,
  seed: SeedResult,
  opts: BenchOptions,
): Promise<LiveStream | { skipped: string }> {
  const { rehook, load } = servers;
  const inbox = await createInbox(rehook.apiUrl, seed.token);
  if (!(await hasStreamEndpoint(rehook.apiUrl, inbox, seed.token)))
    return { skipped: 'skipped: no live stream endpoint yet' };
  log(`live stream: ${opts.sseSubscribers} subscribers, ${opts.sseRate} events/s for ${opts.sseSec} s...`);
  const result = await load.sse({
    streamUrl: `${rehook.apiUrl}/api/v1/inboxes/${inbox}/stream`,
    streamHeaders: bearer(seed.token),
    ingestUrl: `${rehook.ingestUrl}/i/${inbox}/live`,
    ingestHeaders: JSON_HEADERS,
    bodySize: opts.bodySize,
    subscribers: opts.sseSubscribers,
    ratePerSec: opts.sseRate,
    durationSec: opts.sseSec,
  });
  log(
    `live stream: ${result.connected}/${result.subscribers} connected, ${result.deliveries}/${result.expected} deliveries, ` +
      `p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms` +
      (result.problems.length > 0 ? ` (${result.problems.join('; ')})` : ''),
  );
  return { ratePerSec: opts.sseRate, seconds: opts.sseSec, ...result };
}

export async function streamingPhase(servers: Servers, seed: SeedResult, opts: BenchOptions): Promise<StreamingMemory> {
  const inbox = await createInbox(servers.rehook.apiUrl, seed.token);
  const limit = Math.max(10 * 1024 * 1024, opts.streamBodySize);
  log(`${opts.streamClients} clients each streaming ${fmtBytes(opts.streamBodySize)} (RSS every 100 ms)...`);
  const baselineBytes = readRss(servers.rehook.proc.pid);
  const sampler = new RssSampler(servers.rehook.proc.pid, 100);
  const result = await servers.load.stream({
    url: `${servers.rehook.ingestUrl}/i/${inbox}/large`,
    clients: opts.streamClients,
    requestsPerClient: opts.streamRequestsPerClient,
    bodySize: opts.streamBodySize,
    chunkSize: 256 * 1024,
    timeoutSec: 120,
  });
  const samples = sampler.stop();
  const peakBytes = Math.max(...samples.map((s) => s.bytes));
  log(
    `streaming: ${result.ok} stored in ${result.durationSec.toFixed(1)} s, non-2xx ${result.non2xx}, ` +
      `errors ${result.errors}; RSS peak ${fmtBytes(peakBytes)}`,
  );
  return {
    clients: opts.streamClients,
    bodyBytes: opts.streamBodySize,
    requestsPerClient: opts.streamRequestsPerClient,
    bodyLimitBytes: limit,
    boundBytes: limit * opts.streamClients,
    baselineBytes,
    peakBytes,
    ok: result.ok,
    non2xx: result.non2xx,
    errors: result.errors,
    problems: result.problems,
    seconds: result.durationSec,
    p50: result.p50,
    p99: result.p99,
  };
}
