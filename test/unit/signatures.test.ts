// The signature library (src/signatures) against the providers' own libraries: what they sign,
// Rehook verifies; what Rehook signs, they verify. Shopify, Slack and the generic scheme have no
// official Node library: node:crypto written from the providers' documentation is the reference.
//
//   node --import tsx --test test/unit/signatures.test.ts
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';

import { sign as githubSign, verify as githubVerify } from '@octokit/webhooks-methods';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { Webhook as SvixWebhook } from 'svix';

import type { HeaderPair } from '../../src/domain/captured-event.js';
import { replaceHeaders, signatureHeaders, verifySignature, type SignedRequest } from '../../src/signatures/schemes.js';
import {
  parseSignatureSettings,
  secretHint,
  SettingsError,
  type SignatureSettings,
} from '../../src/signatures/settings.js';

const STRIPE_SECRET = `whsec_${'a1b2c3d4'.repeat(4)}`;
const WHSEC = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const OTHER_WHSEC = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const PLAIN_SECRET = 'It is a secret to everybody';

const CAPTURED_AT = new Date('2030-01-01T12:00:00Z');
const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);
const minus = (date: Date, s: number): Date => new Date(date.getTime() - s * 1000);

/** A JSON payload the Stripe library can parse, and a body with bytes that are not UTF-8. */
const JSON_BODY = JSON.stringify({ id: 'evt_test', object: 'event', data: { amount: 1999, note: 'café ✓' } });
const BINARY_BODY = Buffer.concat([
  Buffer.from('{"x":"'),
  Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]),
  Buffer.from('"}'),
]);

function settings(input: Record<string, unknown>): SignatureSettings {
  return parseSignatureSettings(input);
}

function request(headers: HeaderPair[], body: string | Buffer, receivedAt = CAPTURED_AT): SignedRequest {
  return { headers, body: typeof body === 'string' ? Buffer.from(body) : body, receivedAt };
}

function assertValid(check: ReturnType<typeof verifySignature>): void {
  assert.deepEqual({ status: check.status, reason: check.reason }, { status: 'valid', reason: null });
}

function assertInvalid(check: ReturnType<typeof verifySignature>, reason: RegExp): void {
  assert.equal(check.status, 'invalid', `expected invalid, got ${JSON.stringify(check)}`);
  assert.match(check.reason ?? '', reason);
}

const hmac = (key: string | Buffer, ...parts: (string | Buffer)[]): Buffer => {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
};

describe('stripe', () => {
  const config = settings({ scheme: 'stripe', secret: STRIPE_SECRET });
  const signed = (payload: string, at: Date, secret = STRIPE_SECRET): HeaderPair[] => [
    ['Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(at) })],
  ];

  it('accepts what the Stripe library signs, and Stripe accepts what Rehook signs', () => {
    assertValid(verifySignature(config, request(signed(JSON_BODY, minus(CAPTURED_AT, 2)), JSON_BODY)));
    const mine = signatureHeaders(config, { body: Buffer.from(JSON_BODY), at: new Date() });
    assert.equal(mine[0]?.[0], 'Stripe-Signature');
    assert.equal(Stripe.webhooks.constructEvent(JSON_BODY, mine[0]?.[1] ?? '', STRIPE_SECRET).id, 'evt_test');
  });

  it('refuses a wrong secret, a changed body, a missing or malformed header', () => {
    assertInvalid(
      verifySignature(config, request(signed(JSON_BODY, CAPTURED_AT, 'whsec_other'), JSON_BODY)),
      /signature mismatch: wrong secret/,
    );
    assertInvalid(
      verifySignature(config, request(signed(JSON_BODY, CAPTURED_AT), `${JSON_BODY} `)),
      /signature mismatch/,
    );
    assertInvalid(verifySignature(config, request([], JSON_BODY)), /^missing Stripe-Signature header$/);
    assertInvalid(
      verifySignature(config, request([['stripe-signature', 'v1=abc']], JSON_BODY)),
      /malformed Stripe-Signature header: no t= timestamp/,
    );
    assertInvalid(
      verifySignature(config, request([['stripe-signature', 't=123']], JSON_BODY)),
      /malformed Stripe-Signature header: no v1= signature/,
    );
    assertInvalid(
      verifySignature(config, request([['stripe-signature', 't=12x,v1=00']], JSON_BODY)),
      /malformed Stripe-Signature header: the timestamp/,
    );
    const twice = [...signed(JSON_BODY, CAPTURED_AT), ...signed(JSON_BODY, CAPTURED_AT)];
    assertInvalid(verifySignature(config, request(twice, JSON_BODY)), /sent more than once/);
  });

  it('refuses a timestamp older than the tolerance, judged against the capture time', () => {
    const hourAgo = signed(JSON_BODY, minus(CAPTURED_AT, 3600));
    assertInvalid(
      verifySignature(config, request(hourAgo, JSON_BODY)),
      /^timestamp outside tolerance: signed 3600 s before capture \(tolerance 300 s\)$/,
    );
    // Stripe's library says the same at that capture time.
    assert.throws(
      () =>
        Stripe.webhooks.constructEvent(
          JSON_BODY,
          hourAgo[0]?.[1] ?? '',
          STRIPE_SECRET,
          300,
          undefined,
          CAPTURED_AT.getTime(),
        ),
      /tolerance/i,
    );
    // The same header was valid when it was captured 10 s after signing: the check time is not "now".
    assertValid(verifySignature(config, request(hourAgo, JSON_BODY, minus(CAPTURED_AT, 3590))));
    const lenient = settings({ scheme: 'stripe', secret: STRIPE_SECRET, toleranceSeconds: 7200 });
    assertValid(verifySignature(lenient, request(hourAgo, JSON_BODY)));
  });

  it('accepts any of several v1 signatures (a secret being rolled) and ignores other schemes', () => {
    const t = seconds(CAPTURED_AT);
    const good = hmac(STRIPE_SECRET, `${t}.`, JSON_BODY).toString('hex');
    const header = `t=${t},v1=${'0'.repeat(64)},v0=${'1'.repeat(64)},v1=${good}`;
    assertValid(verifySignature(config, request([['Stripe-Signature', header]], JSON_BODY)));
  });

  it('signs the exact body bytes, also when they are not UTF-8', () => {
    const mine = signatureHeaders(config, { body: BINARY_BODY, at: CAPTURED_AT });
    assertValid(verifySignature(config, request(mine, BINARY_BODY)));
    const expected = hmac(STRIPE_SECRET, `${seconds(CAPTURED_AT)}.`, BINARY_BODY).toString('hex');
    assert.equal(mine[0]?.[1], `t=${seconds(CAPTURED_AT)},v1=${expected}`);
    // The same bytes decoded and re-encoded as UTF-8 are another body.
    assertInvalid(verifySignature(config, request(mine, Buffer.from(BINARY_BODY.toString('utf8')))), /mismatch/);
  });
});

describe('github', () => {
  const config = settings({ scheme: 'github', secret: PLAIN_SECRET });

  it('accepts what @octokit/webhooks-methods signs, and it accepts what Rehook signs', async () => {
    const header = await githubSign(PLAIN_SECRET, JSON_BODY);
    assertValid(verifySignature(config, request([['X-Hub-Signature-256', header]], JSON_BODY)));
    const mine = signatureHeaders(config, { body: Buffer.from(JSON_BODY), at: CAPTURED_AT });
    assert.equal(mine[0]?.[0], 'X-Hub-Signature-256');
    assert.equal(await githubVerify(PLAIN_SECRET, JSON_BODY, mine[0]?.[1] ?? ''), true);
  });

  it('refuses a wrong secret, a changed body, a missing or malformed header', async () => {
    assertInvalid(
      verifySignature(config, request([['x-hub-signature-256', await githubSign('other', JSON_BODY)]], JSON_BODY)),
      /mismatch/,
    );
    assertInvalid(
      verifySignature(
        config,
        request([['x-hub-signature-256', await githubSign(PLAIN_SECRET, JSON_BODY)]], `${JSON_BODY}\n`),
      ),
      /mismatch/,
    );
    assertInvalid(
      verifySignature(config, request([['X-Hub-Signature', 'sha1=00']], JSON_BODY)),
      /^missing X-Hub-Signature-256 header$/,
    );
    assertInvalid(
      verifySignature(config, request([['X-Hub-Signature-256', 'sha1=abc']], JSON_BODY)),
      /malformed X-Hub-Signature-256 header/,
    );
  });
});

describe('shopify', () => {
  const config = settings({ scheme: 'shopify', secret: PLAIN_SECRET });
  const reference = (body: string | Buffer, secret = PLAIN_SECRET): string => hmac(secret, body).toString('base64');

  it('accepts the documented base64 HMAC of the body, and signs the same', () => {
    assertValid(verifySignature(config, request([['X-Shopify-Hmac-Sha256', reference(JSON_BODY)]], JSON_BODY)));
    assertValid(verifySignature(config, request([['x-shopify-hmac-sha256', reference(BINARY_BODY)]], BINARY_BODY)));
    assert.deepEqual(signatureHeaders(config, { body: BINARY_BODY, at: CAPTURED_AT }), [
      ['X-Shopify-Hmac-Sha256', reference(BINARY_BODY)],
    ]);
  });

  it('refuses a wrong secret, a changed body, a missing or malformed header', () => {
    assertInvalid(
      verifySignature(config, request([['X-Shopify-Hmac-Sha256', reference(JSON_BODY, 'x')]], JSON_BODY)),
      /mismatch/,
    );
    assertInvalid(
      verifySignature(config, request([['X-Shopify-Hmac-Sha256', reference(JSON_BODY)]], 'other')),
      /mismatch/,
    );
    assertInvalid(verifySignature(config, request([], JSON_BODY)), /^missing X-Shopify-Hmac-Sha256 header$/);
    assertInvalid(
      verifySignature(
        config,
        request([['X-Shopify-Hmac-Sha256', hmac(PLAIN_SECRET, JSON_BODY).toString('hex')]], JSON_BODY),
      ),
      /malformed X-Shopify-Hmac-Sha256 header/,
    );
  });
});

describe('slack', () => {
  const config = settings({ scheme: 'slack', secret: '8f742231b10e8888abcd99yyyzzz85a5' });
  const slackHeaders = (body: string | Buffer, at: Date, secret = '8f742231b10e8888abcd99yyyzzz85a5'): HeaderPair[] => [
    ['X-Slack-Request-Timestamp', String(seconds(at))],
    ['X-Slack-Signature', `v0=${hmac(secret, `v0:${seconds(at)}:`, body).toString('hex')}`],
  ];

  it('accepts the documented v0 signature, and signs the same', () => {
    assertValid(verifySignature(config, request(slackHeaders(JSON_BODY, CAPTURED_AT), JSON_BODY)));
    assert.deepEqual(
      signatureHeaders(config, { body: Buffer.from(JSON_BODY), at: CAPTURED_AT }),
      slackHeaders(JSON_BODY, CAPTURED_AT),
    );
  });

  it('refuses a wrong secret, a changed body, missing or malformed headers, and old or future timestamps', () => {
    assertInvalid(
      verifySignature(config, request(slackHeaders(JSON_BODY, CAPTURED_AT, 'other'), JSON_BODY)),
      /mismatch/,
    );
    assertInvalid(verifySignature(config, request(slackHeaders(JSON_BODY, CAPTURED_AT), 'x')), /mismatch/);
    assertInvalid(
      verifySignature(config, request(slackHeaders(JSON_BODY, CAPTURED_AT).slice(1), JSON_BODY)),
      /^missing X-Slack-Request-Timestamp header$/,
    );
    assertInvalid(
      verifySignature(config, request(slackHeaders(JSON_BODY, CAPTURED_AT).slice(0, 1), JSON_BODY)),
      /^missing X-Slack-Signature header$/,
    );
    assertInvalid(
      verifySignature(
        config,
        request(
          [
            ['X-Slack-Request-Timestamp', '1'],
            ['X-Slack-Signature', 'v1=00'],
          ],
          JSON_BODY,
        ),
      ),
      /malformed X-Slack-Signature header/,
    );
    assertInvalid(
      verifySignature(config, request(slackHeaders(JSON_BODY, minus(CAPTURED_AT, 301)), JSON_BODY)),
      /signed 301 s before capture/,
    );
    assertInvalid(
      verifySignature(config, request(slackHeaders(JSON_BODY, minus(CAPTURED_AT, -400)), JSON_BODY)),
      /signed 400 s after capture/,
    );
  });
});

for (const kind of ['standard-webhooks', 'svix'] as const) {
  const prefix = kind === 'svix' ? 'svix' : 'webhook';
  const Library = kind === 'svix' ? SvixWebhook : StandardWebhook;
  const libraryName = kind === 'svix' ? 'svix' : 'standardwebhooks';

  describe(kind, () => {
    const config = settings({ scheme: kind, secret: WHSEC });
    const signed = (body: string, at: Date, secret = WHSEC, id = 'msg_2Lz'): HeaderPair[] => [
      [`${prefix}-id`, id],
      [`${prefix}-timestamp`, String(seconds(at))],
      [`${prefix}-signature`, new Library(secret).sign(id, at, body)],
    ];
    const asRecord = (headers: HeaderPair[]): Record<string, string> => Object.fromEntries(headers);

    it(`accepts what ${libraryName} signs, and ${libraryName} accepts what Rehook signs (keeping the message id)`, () => {
      assertValid(verifySignature(config, request(signed(JSON_BODY, CAPTURED_AT), JSON_BODY)));
      const original: HeaderPair[] = [
        ['Content-Type', 'application/json'],
        [`${prefix.toUpperCase()}-ID`, 'msg_original'],
      ];
      const mine = signatureHeaders(config, { body: Buffer.from(JSON_BODY), at: new Date(), headers: original });
      assert.equal(asRecord(mine)[`${prefix}-id`], 'msg_original');
      assert.deepEqual(new Library(WHSEC).verify(JSON_BODY, asRecord(mine)), JSON.parse(JSON_BODY));
      // Without an id to keep, a new one is made.
      const fresh = asRecord(signatureHeaders(config, { body: Buffer.from(JSON_BODY), at: new Date() }));
      assert.match(fresh[`${prefix}-id`] ?? '', /^msg_[0-9a-f]{32}$/);
    });

    it('refuses a wrong secret, a changed body or id, missing or malformed headers', () => {
      assertInvalid(
        verifySignature(config, request(signed(JSON_BODY, CAPTURED_AT, OTHER_WHSEC), JSON_BODY)),
        /mismatch/,
      );
      assertInvalid(verifySignature(config, request(signed(JSON_BODY, CAPTURED_AT), `${JSON_BODY} `)), /mismatch/);
      const otherId = signed(JSON_BODY, CAPTURED_AT).map(
        ([name, value]): HeaderPair => [name, name.endsWith('-id') ? 'msg_other' : value],
      );
      assertInvalid(verifySignature(config, request(otherId, JSON_BODY)), /mismatch/);
      assertInvalid(
        verifySignature(config, request(signed(JSON_BODY, CAPTURED_AT).slice(1), JSON_BODY)),
        new RegExp(`^missing ${prefix}-id header$`),
      );
      const broken = signed(JSON_BODY, CAPTURED_AT).map(
        ([name, value]): HeaderPair => [name, name.endsWith('-signature') ? 'v2,abc' : value],
      );
      assertInvalid(
        verifySignature(config, request(broken, JSON_BODY)),
        new RegExp(`malformed ${prefix}-signature header`),
      );
    });

    it('accepts any v1 of a space-separated list (secret rotation)', () => {
      const headers = signed(JSON_BODY, CAPTURED_AT).map(
        ([name, value]): HeaderPair => [
          name,
          name.endsWith('-signature') ? `v1,${Buffer.alloc(32).toString('base64')} v1a,xyz ${value}` : value,
        ],
      );
      assertValid(verifySignature(config, request(headers, JSON_BODY)));
    });

    it('refuses a timestamp an hour before capture, as the library does', () => {
      const hourAgo = signed(JSON_BODY, minus(CAPTURED_AT, 3600));
      assertInvalid(
        verifySignature(config, request(hourAgo, JSON_BODY)),
        /timestamp outside tolerance: signed 3600 s before capture/,
      );
      const now = new Date();
      assert.throws(
        () => new Library(WHSEC).verify(JSON_BODY, asRecord(signed(JSON_BODY, minus(now, 3600)))),
        /timestamp/i,
      );
    });
  });
}

describe('hmac-sha256 (generic)', () => {
  it('verifies hex and base64 digests with an optional prefix, and signs the same', () => {
    for (const [encoding, prefix] of [
      ['hex', ''],
      ['hex', 'sha256='],
      ['base64', ''],
      ['base64', 'v1='],
    ] as const) {
      const config = settings({ scheme: 'hmac-sha256', secret: PLAIN_SECRET, header: 'X-Signature', encoding, prefix });
      const value = prefix + hmac(PLAIN_SECRET, BINARY_BODY).toString(encoding);
      assertValid(verifySignature(config, request([['x-signature', value]], BINARY_BODY)));
      assert.deepEqual(signatureHeaders(config, { body: BINARY_BODY, at: CAPTURED_AT }), [['X-Signature', value]]);
      assertInvalid(
        verifySignature(
          config,
          request([['X-Signature', prefix + hmac('other', BINARY_BODY).toString(encoding)]], BINARY_BODY),
        ),
        /mismatch/,
      );
    }
  });

  it('says what is malformed', () => {
    const config = settings({ scheme: 'hmac-sha256', secret: PLAIN_SECRET, header: 'X-Sig', prefix: 'sha256=' });
    assertInvalid(
      verifySignature(config, request([['X-Sig', 'abc']], 'x')),
      /malformed X-Sig header: it does not start with 'sha256='/,
    );
    assertInvalid(
      verifySignature(config, request([['X-Sig', 'sha256=xyz']], 'x')),
      /malformed X-Sig header: expected 64 hex digits after 'sha256='/,
    );
    assertInvalid(verifySignature(config, request([], 'x')), /^missing X-Sig header$/);
  });
});

describe('replaceHeaders', () => {
  it('replaces signature headers in place, case-insensitively, drops extra copies and appends new ones', () => {
    const headers: HeaderPair[] = [
      ['Host', 'example.test'],
      ['stripe-signature', 't=1,v1=old'],
      ['X-Other', 'kept'],
      ['STRIPE-SIGNATURE', 't=2,v1=older'],
    ];
    assert.deepEqual(
      replaceHeaders(headers, [
        ['Stripe-Signature', 't=3,v1=new'],
        ['X-Extra', '1'],
      ]),
      [
        ['Host', 'example.test'],
        ['stripe-signature', 't=3,v1=new'],
        ['X-Other', 'kept'],
        ['X-Extra', '1'],
      ],
    );
  });
});

describe('parseSignatureSettings', () => {
  const problem = (input: unknown): { path: string; message: string } => {
    try {
      parseSignatureSettings(input);
    } catch (err) {
      assert.ok(err instanceof SettingsError);
      return { path: err.path, message: err.message };
    }
    assert.fail('expected a SettingsError');
  };

  it('reads every scheme with its defaults', () => {
    assert.deepEqual(parseSignatureSettings({ scheme: 'stripe', secret: STRIPE_SECRET }).options, {
      toleranceSeconds: 300,
      header: null,
      encoding: null,
      prefix: null,
    });
    assert.deepEqual(parseSignatureSettings({ scheme: 'github', secret: 'x' }).options, {
      toleranceSeconds: null,
      header: null,
      encoding: null,
      prefix: null,
    });
    assert.deepEqual(parseSignatureSettings({ scheme: 'hmac-sha256', secret: 'x', header: 'X-Sig' }).options, {
      toleranceSeconds: null,
      header: 'X-Sig',
      encoding: 'hex',
      prefix: '',
    });
    assert.equal(
      parseSignatureSettings({ scheme: 'svix', secret: WHSEC, toleranceSeconds: 60 }).options.toleranceSeconds,
      60,
    );
  });

  it('says which field is wrong and why, never repeating the secret', () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [null, '', /JSON object/],
      [{ scheme: 'paypal', secret: 'x' }, '/scheme', /one of stripe, github/],
      [{ scheme: 'github' }, '/secret', /required/],
      [{ scheme: 'github', secret: ' padded' }, '/secret', /begin or end with a space/],
      [{ scheme: 'github', secret: 'line\n' }, '/secret', /control characters/],
      [{ scheme: 'github', secret: 'tab\tinside' }, '/secret', /control characters/],
      [{ scheme: 'github', secret: 'x'.repeat(1025) }, '/secret', /at most 1024/],
      [{ scheme: 'stripe', secret: 'sk_live_abc' }, '/secret', /starts with 'whsec_'/],
      [{ scheme: 'svix', secret: 'whsec_!!!' }, '/secret', /'whsec_' followed by base64/],
      [{ scheme: 'standard-webhooks', secret: 'abc' }, '/secret', /'whsec_' followed by base64/],
      [
        { scheme: 'svix', secret: `whsec_${Buffer.alloc(4).toString('base64')}` },
        '/secret',
        /16 to 128 bytes \(it decodes to 4\)/,
      ],
      [{ scheme: 'github', secret: 'x', toleranceSeconds: 60 }, '/toleranceSeconds', /signs no timestamp/],
      [{ scheme: 'slack', secret: 'x', toleranceSeconds: 0 }, '/toleranceSeconds', /integer from 1/],
      [{ scheme: 'stripe', secret: STRIPE_SECRET, header: 'X-Sig' }, '/header', /hmac-sha256 scheme only/],
      [{ scheme: 'hmac-sha256', secret: 'x' }, '/header', /header is required/],
      [{ scheme: 'hmac-sha256', secret: 'x', header: 'Bad Header' }, '/header', /token characters/],
      [{ scheme: 'hmac-sha256', secret: 'x', header: 'X', encoding: 'base32' }, '/encoding', /hex or base64/],
      [{ scheme: 'hmac-sha256', secret: 'x', header: 'authorization' }, '/header', /redacts it before storing/],
      [{ scheme: 'hmac-sha256', secret: 'x', header: 'X', prefix: 'a b' }, '/prefix', /printable ASCII/],
      [{ scheme: 'github', secret: 'x', extra: 1 }, '/extra', /unknown field 'extra'/],
    ];
    for (const [input, path, message] of cases) {
      const got = problem(input);
      assert.equal(got.path, path, JSON.stringify(input));
      assert.match(got.message, message, JSON.stringify(input));
      const secret = (input as { secret?: unknown } | null)?.secret;
      if (typeof secret === 'string' && secret.length > 3) assert.ok(!got.message.includes(secret), got.message);
    }
  });

  it('shows a hint of long secrets only', () => {
    assert.equal(secretHint(STRIPE_SECRET), `whsec_…${STRIPE_SECRET.slice(-4)}`);
    assert.equal(secretHint(`${'x'.repeat(20)}abcd`), '…abcd');
    assert.equal(secretHint('short-secret'), null);
    assert.equal(secretHint(randomBytes(8).toString('hex')), null);
  });
});
