// redactDestination: a destination as shown to someone who may read an inbox's settings but not
// change them (docs/teams.md, "settings without secrets"). Scheme, host and port stay; the rest
// (credentials, path, query, fragment) and digit-bearing subdomains go.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { destinationFor, redactDestination } from '../../src/domain/destination.js';

describe('redactDestination', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    // Slack and Discord keep their token in the path.
    ['https://hooks.slack.com/services/T000AAAA/B000BBBB/XXXXXXXXXXXXXXXXXXXXXXXX', 'https://hooks.slack.com/***'],
    ['https://discord.com/api/webhooks/123456/abcdef', 'https://discord.com/***'],
    // Query tokens, fragments, credentials.
    ['https://example.com/?token=abc', 'https://example.com/***'],
    ['https://example.com/#secret', 'https://example.com/***'],
    ['https://user:pass@example.com/', 'https://example.com/***'],
    ['https://user@example.com', 'https://example.com/***'],
    // Per-endpoint subdomains carry the secret in the host.
    ['https://eo1a2b3c4d.m.pipedream.net/', 'https://***.m.pipedream.net/'],
    ['https://1a2b-3c4d.ngrok-free.app/hook', 'https://***.ngrok-free.app/***'],
    // Nothing to hide: the origin as it is, port and IP literals included.
    ['https://receiver.example.com', 'https://receiver.example.com/'],
    ['http://127.0.0.1:8080/x', 'http://127.0.0.1:8080/***'],
    ['http://[::1]:9/', 'http://[::1]:9/'],
    // A digit is enough to hide a label left of the last two: over-hiding costs a viewer little.
    ['https://api2.example.com/', 'https://***.example.com/'],
    // Not a URL at all.
    ['not a url', '***'],
  ];
  for (const [raw, shown] of cases) {
    it(`shows ${raw} as ${shown}`, () => assert.equal(redactDestination(raw), shown));
  }

  it('leaves the URL whole for who may change it', () => {
    const url = 'https://hooks.slack.com/services/T0/B0/secret';
    assert.equal(destinationFor('whole', url), url);
    assert.equal(destinationFor('redacted', url), 'https://hooks.slack.com/***');
  });
});
