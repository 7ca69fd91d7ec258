import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errors as undiciErrors } from 'undici';
import { classifyFailure } from '../../src/egress/classify.js';
import { DeadlineExceededError, ForbiddenDestinationError, LookupTimeoutError } from '../../src/egress/errors.js';

function withCode(code: string, message = 'irrelevant text'): Error {
  return Object.assign(new Error(message), { code });
}

describe('classifyFailure', () => {
  const table: ReadonlyArray<readonly [string, 'unreachable' | 'timeout', RegExp]> = [
    ['ENOTFOUND', 'unreachable', /DNS/],
    ['EAI_AGAIN', 'unreachable', /DNS/],
    ['ECONNREFUSED', 'unreachable', /refused/],
    ['ECONNRESET', 'unreachable', /reset/],
    ['UND_ERR_SOCKET', 'unreachable', /closed/],
    ['EHOSTUNREACH', 'unreachable', /unreachable/],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'unreachable', /TLS/],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'unreachable', /TLS/],
    ['CERT_HAS_EXPIRED', 'unreachable', /TLS/],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'unreachable', /TLS/],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'unreachable', /TLS/],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unreachable', /TLS/],
    ['HPE_INVALID_CONSTANT', 'unreachable', /invalid HTTP/],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout', /connect/],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', /headers/],
    ['UND_ERR_BODY_TIMEOUT', 'timeout', /body/],
    ['ETIMEDOUT', 'timeout', /timed out/],
  ];
  for (const [code, kind, reason] of table) {
    it(`maps ${code} to ${kind}`, () => {
      const failure = classifyFailure(withCode(code));
      assert.equal(failure.kind, kind);
      assert.match(failure.reason, reason);
    });
  }

  it('maps the real undici error classes by their code', () => {
    assert.equal(classifyFailure(new undiciErrors.ConnectTimeoutError()).kind, 'timeout');
    assert.equal(classifyFailure(new undiciErrors.HeadersTimeoutError()).kind, 'timeout');
    assert.equal(classifyFailure(new undiciErrors.BodyTimeoutError()).kind, 'timeout');
    assert.equal(classifyFailure(new undiciErrors.SocketError('x')).kind, 'unreachable');
  });

  it('maps the internal errors: forbidden keeps its reason, deadlines are timeouts', () => {
    assert.deepEqual(classifyFailure(new ForbiddenDestinationError('loopback')), {
      kind: 'forbidden',
      reason: 'loopback',
    });
    assert.equal(classifyFailure(new DeadlineExceededError(300)).kind, 'timeout');
    assert.equal(classifyFailure(new LookupTimeoutError(300)).kind, 'timeout');
  });

  it('ignores message text entirely', () => {
    const noisy = new Error('getaddrinfo ENOTFOUND ETIMEDOUT certificate');
    assert.equal(classifyFailure(noisy).kind, 'unreachable');
    assert.equal(classifyFailure(new Error('getaddrinfo ENOTFOUND')).reason, 'request failed');
    assert.equal(classifyFailure(withCode('ECONNREFUSED', 'timeout timed out')).kind, 'unreachable');
  });

  it('follows the cause chain and AggregateError', () => {
    const wrapped = new Error('outer', { cause: withCode('UND_ERR_CONNECT_TIMEOUT') });
    assert.equal(classifyFailure(wrapped).kind, 'timeout');
    const aggregate = new AggregateError([withCode('ECONNREFUSED'), withCode('ENETUNREACH')]);
    assert.match(classifyFailure(aggregate).reason, /refused/);
    const forbidden = new Error('outer', { cause: new ForbiddenDestinationError('metadata') });
    assert.deepEqual(classifyFailure(forbidden), { kind: 'forbidden', reason: 'metadata' });
  });

  it('falls back to unreachable for unknown codes and non-errors', () => {
    assert.deepEqual(classifyFailure(withCode('E_WHATEVER')), {
      kind: 'unreachable',
      reason: 'request failed (E_WHATEVER)',
    });
    assert.equal(classifyFailure('string').kind, 'unreachable');
    assert.equal(classifyFailure(null).kind, 'unreachable');
    assert.equal(classifyFailure({ code: 42 }).kind, 'unreachable');
  });
});
