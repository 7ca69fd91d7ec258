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

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A seeded generator (mulberry32): the same seed gives the same numbers. */
export class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** One of the items, by weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let at = this.next() * total;
    for (const [item, w] of items) {
      at -= w;
      if (at < 0) return item;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
  base62(length: number): string {
    return this.chars('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', length);
  }
  hex(length: number): string {
    return this.chars('0123456789abcdef', length);
  }
  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
  }
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Edsger', 'Frances', 'Dennis', 'Radia'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Dijkstra', 'Allen'];
const CITIES: readonly (readonly [string, string, string | null])[] = [
  ['San Francisco', 'US', 'CA'],
  ['New York', 'US', 'NY'],
  ['Austin', 'US', 'TX'],
  ['London', 'GB', null],
  ['Berlin', 'DE', null],
  ['Paris', 'FR', null],
  ['Toronto', 'CA', 'ON'],
  ['Sydney', 'AU', 'NSW'],
];

/** Context shared by the events of one stream: a clock, customers and users who come back. */
class Stream {
  readonly random: Random;
  /** Seconds since the epoch; each event moves it forward. */
  clock = 1_764_000_000;
  readonly customers: string[];
  readonly users: { login: string; id: number }[];
  constructor(seed: number) {
    this.random = new Random(seed);
    this.customers = Array.from({ length: 300 }, () => `cus_${this.random.base62(14)}`);
    this.users = Array.from({ length: 60 }, (_, i) => ({
      login: `${this.random.pick(FIRST).toLowerCase()}-${this.random.base62(4).toLowerCase()}${i}`,
      id: this.random.int(1_000, 90_000_000),
    }));
  }
  tick(): number {
    this.clock += this.random.int(1, 900);
    return this.clock;
  }
  iso(seconds: number, offset = 'Z'): string {
    return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, offset);
  }
  name(): string {
    return `${this.random.pick(FIRST)} ${this.random.pick(LAST)}`;
  }
  email(name: string): string {
    return `${name.toLowerCase().replace(' ', '.')}${this.random.int(1, 999)}@example.${this.random.pick(['com', 'org', 'io'])}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Stripe: an event envelope around the object; amounts in cents; many fields null by default.

function stripeAddress(s: Stream): JsonObject {
  const [city, country, state] = s.random.pick(CITIES);
  return {
    city,
    country,
    line1: `${s.random.int(1, 999)} ${s.random.pick(['Main', 'Market', 'High', 'King'])} St`,
    line2: s.random.chance(0.2) ? `Apt ${s.random.int(1, 40)}` : null,
    postal_code: String(s.random.int(10000, 99999)),
    state,
  };
}

function stripeEnvelope(s: Stream, type: string, object: JsonObject, extra: JsonObject = {}): JsonObject {
  const created = s.tick();
  const automatic = s.random.chance(0.7);
  return {
    id: `evt_${s.random.base62(24)}`,
    object: 'event',
    api_version: '2024-06-20',
    created,
    data: { object, ...extra },
    livemode: true,
    pending_webhooks: s.random.int(1, 3),
    request: automatic
      ? { id: null, idempotency_key: null }
      : { id: `req_${s.random.base62(14)}`, idempotency_key: s.random.uuid() },
    type,
  };
}

function stripeCurrency(s: Stream): string {
  return s.random.weighted([
    ['usd', 85],
    ['eur', 10],
    ['gbp', 5],
  ] as const);
}

function stripeCharge(s: Stream): JsonObject {
  const amount = s.random.int(50, 250_000);
  const name = s.name();
  return stripeEnvelope(s, 'charge.succeeded', {
    id: `ch_${s.random.base62(24)}`,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    balance_transaction: `txn_${s.random.base62(24)}`,
    billing_details: {
      address: stripeAddress(s),
      email: s.random.chance(0.8) ? s.email(name) : null,
      name,
      phone: s.random.chance(0.15) ? `+1555${s.random.int(1_000_000, 9_999_999)}` : null,
    },
    captured: true,
    created: s.clock,
    currency: stripeCurrency(s),
    customer: s.random.chance(0.9) ? s.random.pick(s.customers) : null,
    description: s.random.chance(0.4) ? s.random.pick(['Subscription creation', 'Order #1042', 'Top-up']) : null,
    invoice: s.random.chance(0.6) ? `in_${s.random.base62(24)}` : null,
    livemode: true,
    metadata: s.random.chance(0.3) ? { order_id: String(s.random.int(1000, 99999)) } : {},
    outcome: {
      network_status: 'approved_by_network',
      reason: null,
      risk_level: s.random.weighted([
        ['normal', 97],
        ['elevated', 3],
      ] as const),
      risk_score: s.random.int(0, 80),
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: `pi_${s.random.base62(24)}`,
    payment_method: `pm_${s.random.base62(24)}`,
    payment_method_details: {
      card: {
        brand: s.random.weighted([
          ['visa', 60],
          ['mastercard', 30],
          ['amex', 10],
        ] as const),
        country: s.random.pick(CITIES)[1],
        exp_month: s.random.int(1, 12),
        exp_year: s.random.int(2027, 2033),
        funding: s.random.weighted([
          ['credit', 70],
          ['debit', 30],
        ] as const),
        last4: String(s.random.int(0, 9999)).padStart(4, '0'),
        network: 'visa',
      },
      type: 'card',
    },
    receipt_email: s.random.chance(0.7) ? s.email(name) : null,
    receipt_url: `https://pay.stripe.com/receipts/payment/${s.random.base62(40)}`,
    refunded: false,
    status: 'succeeded',
  });
}

function stripePrice(s: Stream, currency: string): JsonObject {
  const interval = s.random.weighted([
    ['month', 80],
    ['year', 20],
  ] as const);
  return {
    id: `price_${s.random.base62(24)}`,
    object: 'price',
    active: true,
    currency,
    product: `prod_${s.random.base62(14)}`,
    recurring: { interval, interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    unit_amount: s.random.pick([900, 1900, 4900, 9900, 19900]),
  };
}

function stripeInvoice(s: Stream): JsonObject {
  const currency = stripeCurrency(s);
  const start = s.clock;
  const lines = Array.from(
    {
      length: s.random.weighted([
        [1, 80],
        [2, 15],
        [3, 5],
      ] as const),
    },
    () => {
      const price = stripePrice(s, currency);
      const quantity = s.random.int(1, 5);
      return {
        id: `il_${s.random.base62(24)}`,
        object: 'line_item',
        amount: (price['unit_amount'] as number) * quantity,
        currency,
        description: `${quantity} × Pro (at $${(price['unit_amount'] as number) / 100} / month)`,
        period: { end: start + 2_592_000, start },
        price,
        quantity,
        type: 'subscription',
      } satisfies JsonObject;
    },
  );
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const tax = s.random.chance(0.4) ? Math.round(subtotal * 0.2) : null;
  const total = subtotal + (tax ?? 0);
  const name = s.name();
  const id = `in_${s.random.base62(24)}`;
  return stripeEnvelope(s, 'invoice.paid', {
    id,
    object: 'invoice',
    account_country: 'US',
    amount_due: total,
    amount_paid: total,
    amount_remaining: 0,
    attempt_count: s.random.weighted([
      [1, 95],
      [2, 4],
      [3, 1],
    ] as const),
    billing_reason: s.random.weighted([
      ['subscription_cycle', 80],
      ['subscription_create', 15],
      ['manual', 5],
    ] as const),
    collection_method: 'charge_automatically',
    created: s.clock,
    currency,
    customer: s.random.pick(s.customers),
    customer_email: s.email(name),
    customer_name: name,
    discount: s.random.chance(0.1)
      ? { coupon: { id: s.random.pick(['SPRING', 'LAUNCH20']), percent_off: s.random.pick([10, 20]) } }
      : null,
    due_date: null,
    footer: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_1Ab2Cd3Ef4/${s.random.base62(30)}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_1Ab2Cd3Ef4/${s.random.base62(30)}/pdf`,
    livemode: true,
    lines: { object: 'list', data: lines, has_more: false, total_count: lines.length, url: `/v1/invoices/${id}/lines` },
    number: `${s.random.base62(8).toUpperCase()}-${String(s.random.int(1, 999)).padStart(4, '0')}`,
    paid: true,
    period_end: start,
    period_start: start - 2_592_000,
    status: 'paid',
    subscription: `sub_${s.random.base62(24)}`,
    subtotal,
    tax,
    total,
  });
}

function stripeSubscriptionUpdated(s: Stream): JsonObject {
  const currency = stripeCurrency(s);
  const start = s.clock;
  const status = s.random.weighted([
    ['active', 90],
    ['past_due', 6],
    ['trialing', 4],
  ] as const);
  const previous: JsonObject = s.random.weighted<JsonObject>([
    [
      {
        current_period_end: start,
        current_period_start: start - 2_592_000,
        latest_invoice: `in_${s.random.base62(24)}`,
      },
      70,
    ],
    [{ status: status === 'active' ? 'trialing' : 'active' }, 20],
    [{ cancel_at_period_end: true }, 10],
  ]);
  return stripeEnvelope(
    s,
    'customer.subscription.updated',
    {
      id: `sub_${s.random.base62(24)}`,
      object: 'subscription',
      billing_cycle_anchor: start - s.random.int(0, 30_000_000),
      cancel_at: null,
      cancel_at_period_end: s.random.chance(0.05),
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start - s.random.int(0, 60_000_000),
      currency,
      current_period_end: start + 2_592_000,
      current_period_start: start,
      customer: s.random.pick(s.customers),
      default_payment_method: s.random.chance(0.8) ? `pm_${s.random.base62(24)}` : null,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${s.random.base62(14)}`,
            object: 'subscription_item',
            price: stripePrice(s, currency),
            quantity: s.random.int(1, 10),
          },
        ],
        has_more: false,
        total_count: 1,
      },
      latest_invoice: `in_${s.random.base62(24)}`,
      livemode: true,
      metadata: s.random.chance(0.25) ? { plan_source: s.random.pick(['web', 'sales']) } : {},
      status,
      trial_end: status === 'trialing' ? start + 1_209_600 : null,
    },
    { previous_attributes: previous },
  );
}

// ---------------------------------------------------------------------------------------------
// GitHub: repository and sender on every event; node ids and SHAs; ISO timestamps.

const REPOS = ['rehook', 'webhooks-demo', 'infra'];

function githubUser(s: Stream, user = s.random.pick(s.users)): JsonObject {
  return {
    login: user.login,
    id: user.id,
    node_id: `MDQ6VXNlcj${s.random.base62(6)}=`,
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    html_url: `https://github.com/${user.login}`,
    type: s.random.chance(0.97) ? 'User' : 'Bot',
    site_admin: false,
  };
}

function githubRepository(s: Stream): JsonObject {
  const name = s.random.pick(REPOS);
  return {
    id: 700_000_000 + REPOS.indexOf(name),
    node_id: `R_kgDOK${s.random.base62(6)}`,
    name,
    full_name: `acme/${name}`,
    private: name === 'infra',
    owner: { login: 'acme', id: 4_242_424, type: 'Organization', html_url: 'https://github.com/acme' },
    html_url: `https://github.com/acme/${name}`,
    description: name === 'infra' ? null : 'Webhooks you can see',
    fork: false,
    created_at: '2023-03-14T09:26:53Z',
    updated_at: s.iso(s.clock - s.random.int(0, 86_400)),
    pushed_at: s.iso(s.clock),
    default_branch: 'main',
    language: name === 'infra' ? 'HCL' : 'TypeScript',
    stargazers_count: s.random.int(10, 5000),
    open_issues_count: s.random.int(0, 200),
    topics: s.random.chance(0.5) ? ['webhooks', 'typescript'] : [],
    visibility: name === 'infra' ? 'private' : 'public',
  };
}

function githubPush(s: Stream): JsonObject {
  s.tick();
  const commits = Array.from(
    {
      length: s.random.weighted([
        [1, 60],
        [2, 25],
        [3, 10],
        [0, 5],
      ] as const),
    },
    () => {
      const author = s.name();
      const sha = s.random.hex(40);
      return {
        id: sha,
        tree_id: s.random.hex(40),
        distinct: true,
        message: s.random.pick(['Fix the flaky test', 'Bump deps', 'Add drift settings', 'Docs: typo']),
        timestamp: s.iso(s.clock, '+01:00'),
        url: `https://github.com/acme/rehook/commit/${sha}`,
        author: { name: author, email: s.email(author), username: s.random.pick(s.users).login },
        committer: { name: 'GitHub', email: 'noreply@github.com', username: 'web-flow' },
        added: s.random.chance(0.3) ? [`src/${s.random.base62(6).toLowerCase()}.ts`] : [],
        removed: [],
        modified: [`src/${s.random.pick(['server', 'cli', 'store'])}.ts`],
      } satisfies JsonObject;
    },
  );
  const pusher = s.random.pick(s.users);
  return {
    ref: s.random.weighted([
      ['refs/heads/main', 60],
      [`refs/heads/feature-${s.random.int(1, 400)}`, 40],
    ] as const),
    before: s.random.hex(40),
    after: s.random.hex(40),
    repository: githubRepository(s),
    pusher: { name: pusher.login, email: `${pusher.id}+${pusher.login}@users.noreply.github.com` },
    organization: { login: 'acme', id: 4_242_424, url: 'https://api.github.com/orgs/acme' },
    sender: githubUser(s, pusher),
    created: s.random.chance(0.05),
    deleted: false,
    forced: s.random.chance(0.03),
    base_ref: null,
    compare: `https://github.com/acme/rehook/compare/${s.random.hex(12)}...${s.random.hex(12)}`,
    commits,
    head_commit: commits[commits.length - 1] ?? null,
  };
}

function githubPullRequest(s: Stream, action: 'opened' | 'closed'): JsonObject {
  s.tick();
  const number = s.random.int(1, 3000);
  const merged = action === 'closed' && s.random.chance(0.8);
  const user = githubUser(s);
  return {
    action,
    number,
    pull_request: {
      url: `https://api.github.com/repos/acme/rehook/pulls/${number}`,
      id: s.random.int(1_000_000_000, 2_000_000_000),
      node_id: `PR_kwDOK${s.random.base62(10)}`,
      html_url: `https://github.com/acme/rehook/pull/${number}`,
      number,
      state: action === 'opened' ? 'open' : 'closed',
      locked: false,
      title: s.random.pick(['Drift that means a change', 'Fix replay to localhost', 'Teams page']),
      user,
      body: s.random.chance(0.7) ? 'What this changes and why.' : null,
      created_at: s.iso(s.clock - s.random.int(0, 500_000)),
      updated_at: s.iso(s.clock),
      closed_at: action === 'closed' ? s.iso(s.clock) : null,
      merged_at: merged ? s.iso(s.clock) : null,
      merge_commit_sha: action === 'closed' || s.random.chance(0.5) ? s.random.hex(40) : null,
      assignee: null,
      assignees: [],
      requested_reviewers: s.random.chance(0.4) ? [githubUser(s)] : [],
      labels: s.random.chance(0.3)
        ? [
            {
              id: s.random.int(1, 9_000_000),
              name: s.random.pick(['bug', 'enhancement', 'docs']),
              color: 'd73a4a',
              default: true,
            },
          ]
        : [],
      milestone: null,
      draft: action === 'opened' && s.random.chance(0.2),
      head: { label: `acme:feature-${number}`, ref: `feature-${number}`, sha: s.random.hex(40) },
      base: { label: 'acme:main', ref: 'main', sha: s.random.hex(40) },
      author_association: s.random.weighted([
        ['MEMBER', 70],
        ['CONTRIBUTOR', 20],
        ['NONE', 10],
      ] as const),
      auto_merge: null,
      merged,
      mergeable: action === 'opened' ? null : s.random.chance(0.9),
      comments: s.random.int(0, 20),
      commits: s.random.int(1, 30),
      additions: s.random.int(0, 2000),
      deletions: s.random.int(0, 800),
      changed_files: s.random.int(1, 40),
    },
    repository: githubRepository(s),
    organization: { login: 'acme', id: 4_242_424, url: 'https://api.github.com/orgs/acme' },
    sender: user,
  };
}

function githubIssueOpened(s: Stream): JsonObject {
  s.tick();
  const number = s.random.int(1, 3000);
  const user = githubUser(s);
  return {
    action: 'opened',
    issue: {
      url: `https://api.github.com/repos/acme/rehook/issues/${number}`,
      id: s.random.int(1_000_000_000, 2_000_000_000),
      node_id: `I_kwDOK${s.random.base62(10)}`,
      number,
      title: s.random.pick(['Replay fails on localhost', 'Dark mode contrast', 'Crash on big body']),
      user,
      labels: [],
      state: 'open',
      locked: false,
      assignee: null,
      assignees: [],
      milestone: null,
      comments: 0,
      created_at: s.iso(s.clock),
      updated_at: s.iso(s.clock),
      closed_at: null,
      author_association: s.random.weighted([
        ['NONE', 60],
        ['CONTRIBUTOR', 25],
        ['MEMBER', 15],
      ] as const),
      body: s.random.chance(0.85) ? 'Steps to reproduce: ...' : null,
      reactions: {
        url: `https://api.github.com/repos/acme/rehook/issues/${number}/reactions`,
        total_count: 0,
        '+1': 0,
        '-1': 0,
      },
      state_reason: null,
    },
    repository: githubRepository(s),
    organization: { login: 'acme', id: 4_242_424, url: 'https://api.github.com/orgs/acme' },
    sender: user,
  };
}

// ---------------------------------------------------------------------------------------------
// Shopify: numeric ids, prices as decimal strings, timestamps with the shop's offset.

function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

function shopifyAddress(s: Stream, name: string): JsonObject {
  const [city, country, province] = s.random.pick(CITIES);
  const [first, last] = name.split(' ');
  return {
    first_name: first ?? name,
    last_name: last ?? '',
    address1: `${s.random.int(1, 999)} ${s.random.pick(['Main', 'Elm', 'Queen'])} St`,
    address2: s.random.chance(0.2) ? `Suite ${s.random.int(1, 400)}` : null,
    city,
    province,
    country,
    zip: String(s.random.int(10000, 99999)),
    phone: s.random.chance(0.3) ? `+1555${s.random.int(1_000_000, 9_999_999)}` : null,
    company: s.random.chance(0.1) ? 'Acme Inc.' : null,
  };
}

function shopifyCustomer(s: Stream, name = s.name()): JsonObject {
  const id = s.random.int(6_000_000_000_000, 7_000_000_000_000);
  return {
    id,
    email: s.email(name),
    first_name: name.split(' ')[0] ?? name,
    last_name: name.split(' ')[1] ?? '',
    created_at: s.iso(s.clock - s.random.int(0, 9_000_000), '-05:00'),
    updated_at: s.iso(s.clock, '-05:00'),
    state: s.random.weighted([
      ['enabled', 60],
      ['disabled', 40],
    ] as const),
    verified_email: s.random.chance(0.9),
    tags: s.random.chance(0.2) ? 'vip' : '',
    currency: 'USD',
    phone: s.random.chance(0.3) ? `+1555${s.random.int(1_000_000, 9_999_999)}` : null,
    note: null,
    admin_graphql_api_id: `gid://shopify/Customer/${id}`,
  };
}

function shopifyOrder(s: Stream, topic: 'orders/create' | 'orders/paid'): JsonObject {
  s.tick();
  const id = s.random.int(5_000_000_000_000, 6_000_000_000_000);
  const name = s.name();
  const items = Array.from(
    {
      length: s.random.weighted([
        [1, 60],
        [2, 25],
        [3, 10],
        [4, 5],
      ] as const),
    },
    () => {
      const price = s.random.pick([1200, 2500, 4999, 8900]);
      return {
        id: s.random.int(13_000_000_000_000, 14_000_000_000_000),
        admin_graphql_api_id: `gid://shopify/LineItem/${s.random.int(1, 9e12)}`,
        product_id: s.random.int(8_000_000_000_000, 8_000_000_000_100),
        variant_id: s.random.int(45_000_000_000_000, 45_000_000_000_300),
        title: s.random.pick(['T-shirt', 'Mug', 'Hoodie', 'Sticker pack']),
        variant_title: s.random.chance(0.7) ? s.random.pick(['S', 'M', 'L', 'XL']) : null,
        sku: `SKU-${s.random.int(100, 999)}`,
        quantity: s.random.int(1, 4),
        price: money(price),
        total_discount: '0.00',
        taxable: true,
        requires_shipping: true,
        fulfillment_status: null,
        vendor: 'Acme',
        properties: [],
      } satisfies JsonObject;
    },
  );
  const subtotal = items.reduce((sum, item) => sum + Math.round(Number(item.price) * 100) * item.quantity, 0);
  const tax = Math.round(subtotal * 0.08);
  const discountCode = s.random.chance(0.15);
  const paid = topic === 'orders/paid' || s.random.chance(0.85);
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${s.random.int(1000, 99999)}`,
    order_number: s.random.int(1000, 99999),
    email: s.email(name),
    contact_email: s.email(name),
    created_at: s.iso(s.clock, '-05:00'),
    updated_at: s.iso(s.clock, '-05:00'),
    processed_at: s.iso(s.clock, '-05:00'),
    currency: 'USD',
    presentment_currency: 'USD',
    financial_status: paid
      ? 'paid'
      : s.random.weighted([
          ['pending', 80],
          ['authorized', 20],
        ] as const),
    fulfillment_status: null,
    confirmed: true,
    test: false,
    buyer_accepts_marketing: s.random.chance(0.3),
    subtotal_price: money(subtotal),
    total_tax: money(tax),
    total_price: money(subtotal + tax),
    total_discounts: discountCode ? '5.00' : '0.00',
    total_weight: s.random.int(0, 3000),
    taxes_included: false,
    token: s.random.hex(32),
    cart_token: s.random.chance(0.8) ? s.random.base62(26) : null,
    checkout_id: s.random.int(30_000_000_000_000, 31_000_000_000_000),
    browser_ip: `203.0.113.${s.random.int(1, 254)}`,
    landing_site: s.random.chance(0.6) ? `/products/${s.random.pick(['mug', 'hoodie'])}` : null,
    referring_site: s.random.chance(0.4) ? 'https://www.google.com/' : null,
    source_name: s.random.weighted([
      ['web', 85],
      ['pos', 10],
      ['shopify_draft_order', 5],
    ] as const),
    tags: '',
    note: s.random.chance(0.1) ? 'Leave at the door' : null,
    note_attributes: [],
    discount_codes: discountCode
      ? [{ code: s.random.pick(['WELCOME5', 'SPRING']), amount: '5.00', type: 'fixed_amount' }]
      : [],
    line_items: items,
    shipping_lines: [
      {
        id: s.random.int(4_000_000_000_000, 5_000_000_000_000),
        title: 'Standard',
        price: '4.90',
        code: 'Standard',
        source: 'shopify',
      },
    ],
    billing_address: shopifyAddress(s, name),
    shipping_address: shopifyAddress(s, name),
    customer: shopifyCustomer(s, name),
    payment_gateway_names: [
      s.random.weighted([
        ['shopify_payments', 85],
        ['paypal', 15],
      ] as const),
    ],
  };
}

function shopifyProductUpdate(s: Stream): JsonObject {
  s.tick();
  const id = s.random.int(8_000_000_000_000, 8_000_000_000_100);
  const variants = Array.from({ length: s.random.int(1, 4) }, (_, i) => ({
    id: s.random.int(45_000_000_000_000, 45_000_000_000_300),
    product_id: id,
    title: ['S', 'M', 'L', 'XL'][i] ?? 'Default Title',
    price: money(s.random.pick([1200, 2500, 4999, 8900])),
    compare_at_price: s.random.chance(0.2) ? money(9900) : null,
    sku: `SKU-${s.random.int(100, 999)}`,
    position: i + 1,
    inventory_quantity: s.random.int(-3, 500),
    inventory_management: 'shopify',
    inventory_policy: s.random.weighted([
      ['deny', 90],
      ['continue', 10],
    ] as const),
    barcode: s.random.chance(0.5) ? String(s.random.int(100_000_000_000, 999_999_999_999)) : null,
    created_at: s.iso(s.clock - 9_000_000, '-05:00'),
    updated_at: s.iso(s.clock, '-05:00'),
    admin_graphql_api_id: `gid://shopify/ProductVariant/${s.random.int(1, 9e12)}`,
  }));
  return {
    id,
    title: s.random.pick(['T-shirt', 'Mug', 'Hoodie', 'Sticker pack']),
    body_html: s.random.chance(0.9) ? '<p>Soft and warm.</p>' : null,
    vendor: 'Acme',
    product_type: s.random.pick(['Apparel', 'Homeware', '']),
    handle: s.random.pick(['t-shirt', 'mug', 'hoodie', 'sticker-pack']),
    status: s.random.weighted([
      ['active', 90],
      ['draft', 8],
      ['archived', 2],
    ] as const),
    tags: s.random.chance(0.5) ? 'summer, sale' : '',
    created_at: s.iso(s.clock - 9_000_000, '-05:00'),
    updated_at: s.iso(s.clock, '-05:00'),
    published_at: s.random.chance(0.9) ? s.iso(s.clock - 8_000_000, '-05:00') : null,
    published_scope: 'web',
    template_suffix: null,
    variants,
    options: [{ id: s.random.int(1, 9e12), product_id: id, name: 'Size', position: 1, values: ['S', 'M', 'L', 'XL'] }],
    images: s.random.chance(0.8)
      ? [
          {
            id: s.random.int(1, 9e12),
            src: `https://cdn.shopify.com/s/files/1/${s.random.int(1, 9999)}/tee.png`,
            width: 1024,
            height: 1024,
            alt: null,
          },
        ]
      : [],
    image: null,
    admin_graphql_api_id: `gid://shopify/Product/${id}`,
  };
}

// ---------------------------------------------------------------------------------------------

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
