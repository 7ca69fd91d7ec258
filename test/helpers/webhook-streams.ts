/**
 * Realistic webhook streams of Stripe, GitHub and Shopify, for measuring what the event-type
 * learner makes of ordinary traffic (test/unit/drift-streams.test.ts, bench/drift-streams.ts).
 * Ids, timestamps and amounts vary from event to event; optional fields are present at the
 * rates the providers' documentation and real traffic suggest; a few events are retries, sent
 * again byte for byte, as providers do. Seeded: the same seed gives the same stream.
 *
 * The real changes (REAL_CHANGES) are edits a provider's API version or a bug would make to one
 * event: a field's type changed, a field every event had is gone, a new nested object appears,
 * a field with a known closed set of values gets a new one.
 */
import { githubIssueOpened, githubPullRequest, githubPush } from './webhook-streams/github.js';
import { type Json, type JsonObject, Stream } from './webhook-streams/random.js';
import { shopifyOrder, shopifyProductUpdate } from './webhook-streams/shopify.js';
import { stripeCharge, stripeInvoice, stripeSubscriptionUpdated } from './webhook-streams/stripe.js';

export { type JsonObject, Random } from './webhook-streams/random.js';
/** One event as it would be captured: the headers that carry its type, and its body. */
export interface StreamEvent {
  readonly headers: [string, string][];
  readonly body: JsonObject;
  /** True when this event is a retry: the same bytes as an earlier one. */
  readonly retry: boolean;
}

export interface StreamKind {
  readonly provider: 'stripe' | 'github' | 'shopify';
  /** The event type Rehook gives these events. */
  readonly eventType: string;
  readonly headers: [string, string][];
  readonly make: (s: Stream) => JsonObject;
}

export const STREAM_KINDS: readonly StreamKind[] = [
  {
    provider: 'stripe',
    eventType: 'charge.succeeded',
    headers: [['Stripe-Signature', 't=1,v1=x']],
    make: stripeCharge,
  },
  { provider: 'stripe', eventType: 'invoice.paid', headers: [['Stripe-Signature', 't=1,v1=x']], make: stripeInvoice },
  {
    provider: 'stripe',
    eventType: 'customer.subscription.updated',
    headers: [['Stripe-Signature', 't=1,v1=x']],
    make: stripeSubscriptionUpdated,
  },
  { provider: 'github', eventType: 'push', headers: [['X-GitHub-Event', 'push']], make: githubPush },
  {
    provider: 'github',
    eventType: 'pull_request.opened',
    headers: [['X-GitHub-Event', 'pull_request']],
    make: (s) => githubPullRequest(s, 'opened'),
  },
  {
    provider: 'github',
    eventType: 'pull_request.closed',
    headers: [['X-GitHub-Event', 'pull_request']],
    make: (s) => githubPullRequest(s, 'closed'),
  },
  { provider: 'github', eventType: 'issues.opened', headers: [['X-GitHub-Event', 'issues']], make: githubIssueOpened },
  {
    provider: 'shopify',
    eventType: 'orders/create',
    headers: [['X-Shopify-Topic', 'orders/create']],
    make: (s) => shopifyOrder(s, 'orders/create'),
  },
  {
    provider: 'shopify',
    eventType: 'orders/paid',
    headers: [['X-Shopify-Topic', 'orders/paid']],
    make: (s) => shopifyOrder(s, 'orders/paid'),
  },
  {
    provider: 'shopify',
    eventType: 'products/update',
    headers: [['X-Shopify-Topic', 'products/update']],
    make: shopifyProductUpdate,
  },
];

/** Share of events that are retries of an earlier one (providers retry on timeouts and 5xx). */
export const RETRY_RATE = 0.03;

/** `count` events of one kind, about 3 % of them retries (exact copies of an earlier event). */
export function eventStream(kind: StreamKind, count: number, seed = 1): StreamEvent[] {
  let mixed = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b);
  for (const ch of kind.eventType) mixed = Math.imul(mixed ^ ch.charCodeAt(0), 0x01000193);
  const s = new Stream(mixed);
  const out: StreamEvent[] = [];
  while (out.length < count) {
    if (out.length > 0 && s.random.chance(RETRY_RATE)) {
      const earlier = out[Math.max(0, out.length - s.random.int(1, 5))] as StreamEvent;
      out.push({ headers: earlier.headers, body: earlier.body, retry: true });
      continue;
    }
    out.push({ headers: [...kind.headers, ['Content-Type', 'application/json']], body: kind.make(s), retry: false });
  }
  return out;
}

/** A real change to one event of a kind: what it does, and the drift it must show. */
export interface RealChange {
  readonly name: string;
  readonly kind: 'type-changed' | 'missing-property' | 'new-property' | 'new-enum-value';
  /** JSON pointer of the place the drift names. */
  readonly path: string;
  /** The event types it applies to (all of the provider's when absent). */
  readonly only?: readonly string[];
  readonly apply: (body: JsonObject) => void;
}

function at(body: JsonObject, ...keys: string[]): JsonObject {
  let current: Json = body;
  for (const key of keys) current = (current as JsonObject)[key] as Json;
  return current as JsonObject;
}

/** The real changes that apply to a kind of event. */
export function changesFor(kind: StreamKind): RealChange[] {
  return REAL_CHANGES[kind.provider].filter((c) => c.only === undefined || c.only.includes(kind.eventType));
}

/** For each provider, changes that a new API version or a sender's bug would bring. */
export const REAL_CHANGES: Readonly<Record<StreamKind['provider'], readonly RealChange[]>> = {
  stripe: [
    {
      name: 'currency sent as an ISO 4217 number',
      kind: 'type-changed',
      path: '/data/object/currency',
      apply: (b) => {
        at(b, 'data', 'object')['currency'] = 840;
      },
    },
    {
      name: 'livemode gone',
      kind: 'missing-property',
      path: '/data/object/livemode',
      apply: (b) => {
        delete at(b, 'data', 'object')['livemode'];
      },
    },
    {
      name: 'a new nested object',
      kind: 'new-property',
      path: '/data/object/risk_assessment',
      apply: (b) => {
        at(b, 'data', 'object')['risk_assessment'] = { score: 12, rules: ['velocity'] };
      },
    },
    {
      name: 'object with a new value',
      kind: 'new-enum-value',
      path: '/object',
      apply: (b) => {
        b['object'] = 'v2.core.event';
      },
    },
  ],
  github: [
    {
      name: 'repository id sent as a string',
      kind: 'type-changed',
      path: '/repository/id',
      apply: (b) => {
        const repository = at(b, 'repository');
        repository['id'] = String(repository['id']);
      },
    },
    {
      name: 'repository full_name gone',
      kind: 'missing-property',
      path: '/repository/full_name',
      apply: (b) => {
        delete at(b, 'repository')['full_name'];
      },
    },
    {
      name: 'a new nested object',
      kind: 'new-property',
      path: '/enterprise',
      apply: (b) => {
        b['enterprise'] = { id: 1, slug: 'acme', name: 'Acme' };
      },
    },
    {
      name: 'repository visibility with a new value',
      kind: 'new-enum-value',
      path: '/repository/visibility',
      apply: (b) => {
        at(b, 'repository')['visibility'] = 'internal';
      },
    },
  ],
  shopify: [
    {
      name: 'total_price sent as a number',
      kind: 'type-changed',
      path: '/total_price',
      only: ['orders/create', 'orders/paid'],
      apply: (b) => {
        b['total_price'] = Number(b['total_price']);
      },
    },
    {
      name: 'a variant count sent as a string',
      kind: 'type-changed',
      path: '/variants/0/inventory_quantity',
      only: ['products/update'],
      apply: (b) => {
        const variant = (b['variants'] as JsonObject[])[0] as JsonObject;
        variant['inventory_quantity'] = String(variant['inventory_quantity']);
      },
    },
    {
      name: 'admin_graphql_api_id gone',
      kind: 'missing-property',
      path: '/admin_graphql_api_id',
      apply: (b) => {
        delete b['admin_graphql_api_id'];
      },
    },
    {
      name: 'a new nested object',
      kind: 'new-property',
      path: '/fulfillment_summary',
      apply: (b) => {
        b['fulfillment_summary'] = { status: 'pending', lines: 1 };
      },
    },
    {
      name: 'a price inside an array item sent as a number',
      kind: 'type-changed',
      path: '/line_items/0/price',
      only: ['orders/create', 'orders/paid'],
      apply: (b) => {
        (b['line_items'] as JsonObject[])[0]!['price'] = 12.5;
      },
    },
    {
      name: 'a price inside an array item sent as a number',
      kind: 'type-changed',
      path: '/variants/0/price',
      only: ['products/update'],
      apply: (b) => {
        (b['variants'] as JsonObject[])[0]!['price'] = 12.5;
      },
    },
  ],
};
