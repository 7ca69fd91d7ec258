/** What a failed replay becomes: the non-response variants of `EgressOutcome`, minus latency. */
export type Failure =
  | { readonly kind: 'forbidden'; readonly reason: string }
  | { readonly kind: 'unreachable'; readonly reason: string }
  | { readonly kind: 'timeout'; readonly reason: string };

const TIMEOUT_REASONS: Readonly<Record<string, string>> = {
  REHOOK_DEADLINE_EXCEEDED: 'total replay deadline exceeded',
  REHOOK_LOOKUP_TIMEOUT: 'DNS lookup timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
  UND_ERR_HEADERS_TIMEOUT: 'destination did not send response headers in time',
  UND_ERR_BODY_TIMEOUT: 'destination stopped sending the response body',
  ETIMEDOUT: 'connection timed out',
};

const UNREACHABLE_REASONS: Readonly<Record<string, string>> = {
  ENOTFOUND: 'DNS lookup failed: name not found',
  EAI_NONAME: 'DNS lookup failed: name not found',
  EAI_NODATA: 'DNS lookup failed: no address for name',
  EAI_AGAIN: 'DNS lookup failed: temporary resolver failure',
  EAI_FAIL: 'DNS lookup failed: resolver failure',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the destination',
  EPIPE: 'connection closed by the destination while sending',
  UND_ERR_SOCKET: 'connection closed by the destination',
  UND_ERR_CLOSED: 'connection closed',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
  EADDRNOTAVAIL: 'address not available',
  EAFNOSUPPORT: 'address family not supported',
  UND_ERR_INVALID_ARG: 'request could not be sent: invalid method, header or URL',
  UND_ERR_NOT_SUPPORTED: 'request could not be sent: not supported by the HTTP client',
  UND_ERR_ABORTED: 'request aborted',
  UND_ERR_INFO: 'connection failed',
  UND_ERR_DESTROYED: 'replay client is closed',
};

/** Certificate verification codes OpenSSL reports without an ERR_ prefix. */
const CERT_CODES: ReadonlySet<string> = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'HOSTNAME_MISMATCH',
]);

function isTlsCode(code: string): boolean {
  return code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code.startsWith('CERT_') || CERT_CODES.has(code);
}

function codeOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}

/** The error itself, then its `cause` chain and the first error of an AggregateError. */
function* errorChain(err: unknown): Generator<unknown> {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    yield current;
    if (current instanceof AggregateError) yield* errorChain(current.errors[0]);
    current = current instanceof Error ? current.cause : undefined;
  }
}

function fromCode(code: string, err: unknown): Failure | null {
  if (code === 'REHOOK_FORBIDDEN_DESTINATION') {
    const reason = (err as { reason?: unknown }).reason;
    return { kind: 'forbidden', reason: typeof reason === 'string' ? reason : 'forbidden' };
  }
  const timeout = TIMEOUT_REASONS[code];
  if (timeout !== undefined) return { kind: 'timeout', reason: timeout };
  const unreachable = UNREACHABLE_REASONS[code];
  if (unreachable !== undefined) return { kind: 'unreachable', reason: unreachable };
  // Verification is never disabled: a bad certificate is reported, not bypassed.
  if (isTlsCode(code)) return { kind: 'unreachable', reason: `TLS failure (${code})` };
  // llhttp parser errors: the destination did not speak valid HTTP/1.1.
  if (code.startsWith('HPE_')) {
    return { kind: 'unreachable', reason: `invalid HTTP response (${code})` };
  }
  return null;
}

/**
 * Maps any error raised while replaying to an outcome kind and a fixed, human-readable reason.
 * Classification uses `err.code` only (never message text, which changes between versions
 * and locales), walking the `cause` chain. Unknown errors are `unreachable`.
 */
export function classifyFailure(err: unknown): Failure {
  for (const candidate of errorChain(err)) {
    const code = codeOf(candidate);
    const failure = code === undefined ? null : fromCode(code, candidate);
    if (failure !== null) return failure;
  }
  const code = codeOf(err);
  const reason = code === undefined ? 'request failed' : `request failed (${code})`;
  return { kind: 'unreachable', reason };
}
