import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkAddress, invalidAllowEntries } from '../../src/egress/address-policy.js';
import type { AddressPolicy } from '../../src/egress/address-policy.js';

const DEFAULT: AddressPolicy = { allowPrivate: false };
const PRIVATE_OK: AddressPolicy = { allowPrivate: true };

/** The SSRF checklist's address cases (SECURITY.md): [case, address, expected reason]. */
const DENIED: ReadonlyArray<readonly [string, string, string]> = [
  ['1', '169.254.169.254', 'metadata'],
  ['3', 'fd00:ec2::254', 'metadata'],
  ['4', '169.254.170.2', 'metadata'],
  ['5', '100.100.100.200', 'metadata'],
  ['5', '100.64.0.0', 'carrier-grade-nat'],
  ['5', '100.127.255.255', 'carrier-grade-nat'],
  ['6', '192.0.0.192', 'metadata'],
  ['8', '127.0.0.1', 'loopback'],
  ['8', '127.255.255.254', 'loopback'],
  ['8', '127.127.127.127', 'loopback'],
  ['10', '0.0.0.0', 'unspecified'],
  ['10', '0.0.0.1', 'unspecified'],
  ['10', '::', 'unspecified'],
  ['10', '0:0:0:0:0:0:0:0', 'unspecified'],
  ['11', '169.254.1.1', 'link-local'],
  ['17', '10.0.0.1', 'private'],
  ['17', '172.16.0.1', 'private'],
  ['17', '172.31.255.255', 'private'],
  ['17', '192.168.1.1', 'private'],
  ['18', '198.18.0.1', 'benchmarking'],
  ['18', '192.88.99.1', 'reserved'],
  ['18', '192.0.2.1', 'documentation'],
  ['18', '198.51.100.1', 'documentation'],
  ['18', '203.0.113.1', 'documentation'],
  ['18', '240.0.0.1', 'reserved'],
  ['18', '255.255.255.255', 'broadcast'],
  ['18', '224.0.0.1', 'multicast'],
  ['18', '233.252.0.16', 'multicast'],
  ['19', '::1', 'loopback'],
  ['19', '0:0:0:0:0:0:0:1', 'loopback'],
  ['19', '0000::1', 'loopback'],
  ['20', '::ffff:127.0.0.1', 'loopback'],
  ['20', '::ffff:7f00:1', 'loopback'],
  ['20', '0:0:0:0:0:ffff:169.254.169.254', 'metadata'],
  ['20', '::ffff:a9fe:a9fe', 'metadata'],
  ['20', '::ffff:10.0.0.1', 'private'],
  ['21', '::127.0.0.1', 'ipv4-compatible'],
  ['21', '::7f00:1', 'ipv4-compatible'],
  ['22', '64:ff9b::a9fe:a9fe', 'metadata'],
  ['22', '64:ff9b::7f00:1', 'nat64'],
  ['22', '64:ff9b:1::1', 'nat64'],
  ['22', '2002:a9fe:a9fe::', 'metadata'],
  ['22', '2002:7f00:1::', '6to4-loopback'],
  ['22', '2002:c0a8:101::1', '6to4-private'],
  ['22', '2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['22', '::ffff:0:a9fe:a9fe', 'metadata'],
  ['22', '::ffff:0:7f00:1', 'loopback'],
  ['23', 'fe80::1', 'link-local'],
  ['23', 'fe80::1%eth0', 'link-local'],
  ['23', 'fc00::1', 'unique-local'],
  ['23', 'fd7a:115c:a1e0::1', 'unique-local'],
  ['23', 'fec0::1', 'site-local'],
  ['23', 'ff02::1', 'multicast'],
  ['23', '100::1', 'discard'],
  ['23', '2001:db8::1', 'documentation'],
  ['23', '3fff::1', 'documentation'],
  ['23', '5f00::1', 'segment-routing'],
  ['23', '2001:10::1', 'orchid'],
  ['23', '2001:20::1', 'orchid'],
  ['23', '4000::1', 'non-global'],
  ['26', '::ffff:127.0.0.2', 'loopback'],
];

const ALLOWED: readonly string[] = [
  '8.8.8.8',
  '1.1.1.1',
  '2606:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '::ffff:0808:0808',
  '2002:808:808::1', // 6to4 of a public IPv4
  '100.63.255.255', // CGNAT boundaries (smokescreen)
  '100.128.0.0',
  '172.15.255.255', // RFC 1918 boundaries
  '172.32.0.0',
  '192.175.48.1', // AS112 anycast is public
];

const METADATA = DENIED.filter(([, , reason]) => reason === 'metadata').map(([, ip]) => ip);

describe('checkAddress, default policy', () => {
  for (const [row, ip, reason] of DENIED) {
    it(`denies ${ip} as ${reason} (row ${row})`, () => {
      assert.equal(checkAddress(ip, DEFAULT), reason);
    });
  }
  for (const ip of ALLOWED) {
    it(`allows public unicast ${ip}`, () => {
      assert.equal(checkAddress(ip, DEFAULT), null);
    });
  }
  for (const text of ['localhost', '0177.0.0.1', '127.1', '0x7f000001', '', '[::1]', '1.2.3.4.5']) {
    it(`denies the non-literal ${JSON.stringify(text)} instead of guessing`, () => {
      assert.equal(checkAddress(text, DEFAULT), 'not-an-ip-address');
    });
  }
});

describe('checkAddress on every notation the WHATWG URL parser turns into an IP', () => {
  const notations = [
    ['http://2130706433/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://017700000001/', 'loopback'],
    ['http://127.000.000.001/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://127.0.1/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://0177.1/', 'loopback'],
    ['http://\u2460\u2461\u2466.0.0.1/', 'loopback'], // ①②⑦ is "127" after NFKC (row 15)
    ['http://0/', 'unspecified'],
    ['http://1/', 'unspecified'],
    ['http://0x1/', 'unspecified'],
    ['http://2852039166/', 'metadata'],
    ['http://0xA9FEA9FE/', 'metadata'],
    ['http://0xA9.0xFE.0xA9.0xFE/', 'metadata'],
    ['http://0251.0376.0251.0376/', 'metadata'],
    ['http://0251.254.169.254/', 'metadata'],
    ['http://169.16689662/', 'metadata'],
    ['http://\u246f\u2468\u3002\u2461\u2464\u2463\u3002\u246f\u2468\uff61\u2461\u2464\u2463/', 'metadata'],
    ['http://3232235521/', 'private'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::127.0.0.1]/', 'ipv4-compatible'],
    ['http://[0:0:0:0:0:0:0:0]/', 'unspecified'],
  ] as const;
  for (const [url, reason] of notations) {
    it(`${url} is denied`, () => {
      const { hostname } = new URL(url);
      const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
      assert.equal(checkAddress(literal, DEFAULT), reason);
    });
  }
  const rejected = ['http://425.510.425.510/', 'http://4294967296/', 'http://1.2.3.4.5/', 'http://[fe80::1%25eth0]/'];
  for (const url of rejected) {
    it(`${url} is rejected by the URL parser itself (rows 16, 24)`, () => {
      assert.throws(() => new URL(url), TypeError);
    });
  }
});

describe('checkAddress with allowPrivate', () => {
  for (const [row, ip, reason] of DENIED) {
    const expected = reason === 'metadata' ? 'metadata' : null;
    it(`${expected === null ? 'allows' : 'still denies'} ${ip} (row ${row})`, () => {
      assert.equal(checkAddress(ip, PRIVATE_OK), expected);
    });
  }
});

describe('checkAddress with allowCidrs', () => {
  it('allows addresses inside an entry and nothing else', () => {
    const policy: AddressPolicy = { allowPrivate: false, allowCidrs: ['10.0.0.0/8', 'fd00::/8'] };
    assert.equal(checkAddress('10.1.2.3', policy), null);
    assert.equal(checkAddress('::ffff:10.1.2.3', policy), null);
    assert.equal(checkAddress('fd12::1', policy), null);
    assert.equal(checkAddress('192.168.1.1', policy), 'private');
    assert.equal(checkAddress('fc00::1', policy), 'unique-local');
  });

  it('treats a bare address as a single-address entry', () => {
    const policy: AddressPolicy = { allowPrivate: false, allowCidrs: ['127.0.0.1'] };
    assert.equal(checkAddress('127.0.0.1', policy), null);
    assert.equal(checkAddress('::ffff:127.0.0.1', policy), null);
    assert.equal(checkAddress('127.0.0.2', policy), 'loopback');
  });

  it('never opens a metadata address through a range, even with allowPrivate', () => {
    const wide = ['169.254.0.0/16', '100.64.0.0/10', '192.0.0.0/24', 'fd00::/8', '0.0.0.0/0', '::/0'];
    for (const allowPrivate of [false, true]) {
      const policy: AddressPolicy = { allowPrivate, allowCidrs: wide };
      for (const ip of METADATA) assert.equal(checkAddress(ip, policy), 'metadata', ip);
      assert.equal(checkAddress('169.254.1.1', policy), null);
    }
  });

  it('opens a metadata address only for an entry naming exactly that address', () => {
    const allow = (...allowCidrs: string[]): AddressPolicy => ({ allowPrivate: false, allowCidrs });
    assert.equal(checkAddress('169.254.169.254', allow('169.254.169.254/32')), null);
    assert.equal(checkAddress('169.254.169.254', allow('169.254.169.254')), null);
    assert.equal(checkAddress('fd00:ec2::254', allow('fd00:ec2::254/128')), null);
    assert.equal(checkAddress('fd00:ec2::254', allow('fd00:ec2::/64')), 'metadata');
    const otherExact = { allowPrivate: true, allowCidrs: ['169.254.169.254/32'] };
    assert.equal(checkAddress('169.254.170.2', otherExact), 'metadata');
  });

  it('reports invalid entries so configuration can fail fast', () => {
    const bad = ['10.0.0.0/33', 'banana', '0177.0.0.1/32', '::1/129', '1.2.3.4/8/9', '10.0.0.0/-1'];
    assert.deepEqual(invalidAllowEntries(bad), bad);
    assert.deepEqual(invalidAllowEntries(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', '::1']), []);
    assert.equal(checkAddress('10.0.0.1', { allowPrivate: false, allowCidrs: bad }), 'private');
  });
});

describe('checkAddress properties', () => {
  const octet = fc.integer({ min: 0, max: 255 });
  const blockedV4 = fc
    .tuple(fc.constantFrom([127], [10], [192, 168], [169, 254]), octet, octet, octet)
    .map(([prefix, a, b, c]) => [...prefix, a, b, c].slice(0, 4));
  const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);

  it('denies any IPv4 in 127/8, 10/8, 192.168/16 or 169.254/16 encoded as IPv4-mapped IPv6', () => {
    const encodings = fc.constantFrom(
      (o: number[]) => `::ffff:${o.join('.')}`,
      (o: number[]) => `::ffff:${hex(o[0]!, o[1]!)}:${hex(o[2]!, o[3]!)}`,
      (o: number[]) => `0:0:0:0:0:ffff:${o.join('.')}`,
      (o: number[]) => `0000:0000:0000:0000:0000:FFFF:${hex(o[0]!, o[1]!).toUpperCase()}:${hex(o[2]!, o[3]!)}`,
    );
    fc.assert(
      fc.property(blockedV4, encodings, (octets, encode) => {
        const reason = checkAddress(encode(octets), DEFAULT);
        return reason !== null;
      }),
      { numRuns: 10_000 },
    );
  });

  it('judges an IPv4-mapped address exactly like its IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        return checkAddress(`::ffff:${ip}`, DEFAULT) === checkAddress(ip, DEFAULT);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('checkAddress with denyCidrs (REHOOK_REPLAY_DENY_CIDRS)', () => {
  it('denies a public address inside a deny entry and leaves others alone', () => {
    const policy: AddressPolicy = { allowPrivate: false, denyCidrs: ['93.184.216.0/24', '2606:2800::/32'] };
    assert.equal(checkAddress('93.184.216.34', policy), 'denied-by-policy');
    assert.equal(checkAddress('2606:2800:220:1::1', policy), 'denied-by-policy');
    assert.equal(checkAddress('93.184.217.1', policy), null);
    assert.equal(checkAddress('8.8.8.8', policy), null);
  });

  it('wins over allowCidrs and over allowPrivate', () => {
    const policy: AddressPolicy = {
      allowPrivate: true,
      allowCidrs: ['10.1.0.0/16'],
      denyCidrs: ['10.1.2.0/24', '127.0.0.1'],
    };
    assert.equal(checkAddress('10.1.2.3', policy), 'denied-by-policy');
    assert.equal(checkAddress('127.0.0.1', policy), 'denied-by-policy');
    assert.equal(checkAddress('10.1.3.3', policy), null);
    assert.equal(checkAddress('127.0.0.2', policy), null);
  });

  it('denies the mapped, 6to4 and NAT64 forms of a denied IPv4 address', () => {
    const policy: AddressPolicy = { allowPrivate: true, denyCidrs: ['127.0.0.0/8'] };
    assert.equal(checkAddress('::ffff:127.0.0.1', policy), 'denied-by-policy');
    assert.equal(checkAddress('::ffff:7f00:1', policy), 'denied-by-policy');
    assert.equal(checkAddress('2002:7f00:1::', policy), 'denied-by-policy');
    assert.equal(checkAddress('64:ff9b::7f00:1', policy), 'denied-by-policy');
  });

  it('keeps metadata denied under a broad allow entry and even when named exactly but denied', () => {
    assert.equal(checkAddress('169.254.169.254', { allowPrivate: true, allowCidrs: ['169.254.0.0/16'] }), 'metadata');
    assert.equal(checkAddress('169.254.169.254', { allowPrivate: false, allowCidrs: ['169.254.169.254'] }), null);
    assert.equal(
      checkAddress('169.254.169.254', {
        allowPrivate: false,
        allowCidrs: ['169.254.169.254'],
        denyCidrs: ['169.254.0.0/16'],
      }),
      'denied-by-policy',
    );
  });

  it('an empty deny list changes nothing', () => {
    fc.assert(
      fc.property(
        fc.ipV4(),
        (ip) => checkAddress(ip, { allowPrivate: false, denyCidrs: [] }) === checkAddress(ip, DEFAULT),
      ),
      { numRuns: 2_000 },
    );
  });
});
