// The events of the scale bench (bench/scale.ts): a deterministic stream in capture order over
// many inboxes, one of which (the "big" inbox) gets a fixed share, with bodies of several shapes
// and sizes as webhooks send them. The big inbox's OLDEST event is the needle every needle
// search looks for, so finding it means reading the whole inbox.
import { randomBytes } from 'node:crypto';

export const NEEDLE = `needle-${randomBytes(6).toString('hex')}`;

export interface ScaleEvent {
  readonly inboxIndex: number;
  readonly ms: number;
  readonly method: string;
  /** After `/i/<inbox>`. */
  readonly subPath: string;
  readonly query: string;
  readonly contentType: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
}

/** Deterministic pseudo-random numbers, so every run seeds the same events. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const STATUSES = ['paid', 'paid', 'open', 'open', 'open', 'void', 'failed', 'draft', 'uncollectible', 'pending'];
const GITHUB_EVENTS = ['push', 'pull_request', 'issues', 'workflow_run', 'check_suite'];
/** Bytes the binary bodies are cut from (random bytes are slow to draw per event). */
const NOISE = randomBytes(1 << 16);
/** Bodies above the default inline limit (64 KiB): one event in this many. */
const LARGE_EVERY = 1_000;
const EVENTS_PER_MS = 10;

/** Notes of several lengths, made once (string building per event would dominate the seeding). */
const NOTES = Array.from({ length: 16 }, (_, i) => 'x'.repeat(200 + i * 32));

/** A Stripe-like event of about 700-1,000 bytes (a template: JSON.stringify per event is slow). */
function stripeBody(i: number, rand: () => number, id: string): Buffer {
  const status = STATUSES[Math.floor(rand() * STATUSES.length)] as string;
  const currency = ['eur', 'usd', 'gbp'][Math.floor(rand() * 3)] as string;
  const note = NOTES[Math.floor(rand() * NOTES.length)] as string;
  return Buffer.from(
    `{"id":"evt_${i.toString(36)}","object":"event","type":"invoice.${status}","created":${1_700_000_000 + i},` +
      `"data":{"object":{"id":"${id}","object":"invoice","status":"${status}","amount_due":${Math.floor(rand() * 100_000)},` +
      `"currency":"${currency}","customer":"cus_${Math.floor(rand() * 50_000)}",` +
      `"description":"Subscription renewal — ünïcode text 日本","metadata":{"order":"ord_${i}","note":"${note}"}}}}`,
  );
}

function githubBody(i: number, rand: () => number): Buffer {
  const commits = Array.from({ length: 1 + Math.floor(rand() * 6) }, (_, c) => ({
    id: (i * 2654435761 + c).toString(16).padStart(40, '0'),
    message: `Fix the thing number ${c} of push ${i}`,
    author: { name: 'Dev Eloper', email: 'dev@example.com' },
    added: ['src/a.ts'],
    modified: ['src/b.ts', 'README.md'],
  }));
  return Buffer.from(
    JSON.stringify({
      ref: 'refs/heads/main',
      before: (i * 7).toString(16).padStart(40, '0'),
      repository: { id: 1000 + (i % 50), full_name: `acme/repo-${i % 50}`, private: false },
      pusher: { name: 'dev', email: 'dev@example.com' },
      commits,
    }),
  );
}

/**
 * The events of a plan, in capture order (ten per millisecond from `startMs`). The big inbox
 * (index 0) gets every `bigEvery`-th event; the others share the rest round-robin.
 */
export function* scaleEvents(plan: {
  readonly events: number;
  readonly bigEvents: number;
  readonly inboxes: number;
  readonly startMs: number;
}): Generator<ScaleEvent> {
  const rand = prng(21);
  const bigEvery = plan.bigEvents > 0 ? Math.max(1, Math.floor(plan.events / plan.bigEvents)) : 0;
  let big = 0;
  let other = 0;
  for (let i = 0; i < plan.events; i += 1) {
    const toBig = bigEvery > 0 && i % bigEvery === 0 && big < plan.bigEvents;
    const inboxIndex = toBig ? 0 : 1 + (other++ % Math.max(1, plan.inboxes - 1));
    const needle = toBig && big === 0;
    if (toBig) big += 1;
    const kind = needle ? 0 : rand();
    let body: Buffer;
    let contentType = 'application/json';
    let subPath = '/stripe/events';
    if (i % LARGE_EVERY === LARGE_EVERY - 1 && !needle) {
      const large = stripeBody(i, rand, `in_${i.toString(36)}`).toString();
      body = Buffer.from(`{"batch":[${Array.from({ length: 100 }, () => large).join(',')}]}`);
      subPath = '/batch';
    } else if (kind < 0.6) {
      body = stripeBody(i, rand, needle ? NEEDLE : `in_${(i * 7919).toString(36)}`);
    } else if (kind < 0.75) {
      body = githubBody(i, rand);
      subPath = '/github';
    } else if (kind < 0.85) {
      body = Buffer.from(`From=%2B1555${i}&Body=hello+${i}&MessageSid=SM${i.toString(16)}`);
      contentType = 'application/x-www-form-urlencoded';
      subPath = '/twilio/sms';
    } else if (kind < 0.95) {
      const length = 512 + Math.floor(rand() * 1024);
      const at = Math.floor(rand() * (NOISE.length - length));
      body = NOISE.subarray(at, at + length);
      contentType = 'application/octet-stream';
      subPath = '/upload';
    } else {
      body = Buffer.from(`{"ping":${i}}`);
      subPath = '/health';
    }
    const github = subPath === '/github';
    const headers: [string, string][] = [
      ['Host', 'hooks.example.com'],
      ['Content-Type', contentType],
      ['Content-Length', String(body.length)],
      ['User-Agent', github ? 'GitHub-Hookshot/abc123' : 'Stripe/1.0 (+https://stripe.com/docs/webhooks)'],
      ['X-Request-Id', needle ? NEEDLE : `req_${i.toString(36)}`],
    ];
    if (github) headers.push(['X-GitHub-Event', GITHUB_EVENTS[i % GITHUB_EVENTS.length] as string]);
    else headers.push(['Stripe-Signature', `t=${1_700_000_000 + i},v1=${(i * 2654435761).toString(16)}`]);
    yield {
      inboxIndex,
      // Several events per millisecond, as in a burst (and event ids then mostly increment, which
      // is cheap, instead of drawing random bytes for each).
      ms: plan.startMs + Math.floor(i / EVENTS_PER_MS),
      method: kind > 0.97 ? 'PUT' : 'POST',
      subPath,
      query: i % 5 === 0 ? `attempt=${1 + (i % 3)}` : '',
      contentType,
      headers,
      body,
    };
  }
}
