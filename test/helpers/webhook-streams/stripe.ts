/**
 * Stripe events for ../webhook-streams.ts: an event envelope around the object; amounts in cents;
 * many fields null by default.
 */
import { CITIES, type JsonObject, type Stream } from './random.js';

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

export function stripeCharge(s: Stream): JsonObject {
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

export function stripeInvoice(s: Stream): JsonObject {
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

export function stripeSubscriptionUpdated(s: Stream): JsonObject {
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
