import type { EventDetail, HeaderPair } from '../../client/types.js';
import { backoffDelay, type BackoffPolicy, sleep } from './backoff.js';
import type { LocalForwarder } from './forward.js';
import type { LagTracker } from './lag.js';
import type { ListenReporter } from './report.js';
import { passesFilters, routeFor, subPathOf, targetUrl } from './rules.js';
import { describeError, type ServerCaller } from './server-calls.js';
import type { ListenClient, ListenSettings, Outcome } from './settings.js';

/** Forwarding one event to the local target: routing, filters, re-signing and retries. */

export interface Delivery {
  readonly settings: ListenSettings;
  readonly client: Pick<ListenClient, 'resign'>;
  readonly caller: ServerCaller;
  readonly reporter: ListenReporter;
  readonly forwarder: LocalForwarder;
  readonly retry: BackoffPolicy;
  readonly random: () => number;
  readonly signal: AbortSignal;
  /** Cuts the attempt in progress short; `signal` only stops new attempts from starting. */
  readonly abandon: AbortSignal;
  /** How far behind the newest captured event the listener is, for the lines. */
  readonly lag: Pick<LagTracker, 'behind'>;
}

/** Replaces same-named headers (case-insensitively) by the re-signed ones, in place; new ones go last. */
export function applySignatureHeaders(headers: readonly HeaderPair[], signed: readonly HeaderPair[]): HeaderPair[] {
  let out: HeaderPair[] = [...headers];
  for (const [name, value] of signed) {
    const lower = name.toLowerCase();
    const at = out.findIndex(([existing]) => existing.toLowerCase() === lower);
    if (at === -1) {
      out.push([name, value]);
      continue;
    }
    // The first one is replaced where it stood; later copies go (no index before `at` matches).
    out = out.filter(([existing], index) => index <= at || existing.toLowerCase() !== lower);
    out[at] = [name, value];
  }
  return out;
}

function hasDeclaredBody(headers: readonly HeaderPair[]): boolean {
  return headers.some(([name]) => {
    const lower = name.toLowerCase();
    return lower === 'content-length' || lower === 'transfer-encoding';
  });
}

/** The re-signed headers; null when the server refused (the event goes out as captured). */
async function resignedHeaders(delivery: Delivery, event: EventDetail): Promise<HeaderPair[] | null | 'stopped'> {
  try {
    const signed = await delivery.caller.call('re-sign the event', () => delivery.client.resign(event.id));
    return signed === undefined ? 'stopped' : signed.headers;
  } catch (err) {
    delivery.reporter.status(`Could not re-sign ${event.id} (${describeError(err)}); forwarding it as captured.`);
    return null;
  }
}

/**
 * Forwards `event` to the target its path routes to, retrying 5xx answers and failures with
 * backoff; skips it when no rule matches or the filters leave it out. `late`: found by a look-back.
 */
export async function deliverEvent(delivery: Delivery, event: EventDetail, late: boolean): Promise<Outcome> {
  const { inboxId, rules, filters, retries, timeoutMs } = delivery.settings;
  const subPath = subPathOf(event.path, inboxId);
  const rule = routeFor(rules, subPath);
  if (!passesFilters(filters, event.method, subPath) || rule === undefined) {
    const reason = rule === undefined ? 'no --forward-to rule matches its path' : 'filtered out';
    delivery.reporter.skipped(event, late, reason);
    return 'skipped';
  }
  const url = targetUrl(rule, subPath, event.query);
  let headers: HeaderPair[] = event.headers;
  if (delivery.settings.resign) {
    const signed = await resignedHeaders(delivery, event);
    if (signed === 'stopped') return 'stopped';
    if (signed !== null) headers = applySignatureHeaders(headers, signed);
  }
  const body = Buffer.from(event.bodyBase64, 'base64');
  const request = { method: event.method, url, headers, body, declaredBody: hasDeclaredBody(event.headers) };
  const attempts = retries + 1;
  const behind = delivery.lag.behind(event);
  for (let attempt = 1; ; attempt += 1) {
    // Once stopping, no attempt starts; one already running may finish (and is then recorded).
    if (delivery.signal.aborted) return 'stopped';
    const result = await delivery.forwarder.send(request, timeoutMs, delivery.abandon);
    if (result.kind === 'stopped') return 'stopped';
    const ok = result.kind === 'answered' && result.status < 500;
    if (ok || attempt >= attempts) {
      delivery.reporter.attempt({ event, late, url, result, attempt, outcome: ok ? 'delivered' : 'gave-up', behind });
      return ok ? 'delivered' : 'failed';
    }
    const delay = backoffDelay(delivery.retry, attempt - 1, delivery.random);
    delivery.reporter.attempt({ event, late, url, result, attempt, outcome: 'retrying', retryInMs: delay, behind });
    if (!(await sleep(delay, delivery.signal))) return 'stopped';
  }
}
