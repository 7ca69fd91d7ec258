/**
 * Shopify events for ../webhook-streams.ts: numeric ids, prices as decimal strings, timestamps
 * with the shop's offset.
 */
import { CITIES, type JsonObject, type Stream } from './random.js';

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

export function shopifyOrder(s: Stream, topic: 'orders/create' | 'orders/paid'): JsonObject {
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

export function shopifyProductUpdate(s: Stream): JsonObject {
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
