import { isIP, Socket } from 'node:net';

/**
 * Test safety net: while installed, any attempt to open a TCP connection
 * to a non-loopback address throws before a packet leaves, and is counted. SSRF tests use
 * public-looking addresses in fake DNS answers; if the client ever dialed one, the test must
 * fail here instead of reaching the internet.
 */
export interface SafetyNet {
  /** Non-loopback dial attempts refused so far (must stay 0). */
  readonly trips: readonly string[];
  uninstall(): void;
}

function isLoopbackLiteral(host: string): boolean {
  if (isIP(host) === 4) return host.startsWith('127.');
  const lower = host.toLowerCase();
  return lower === '::1' || lower.startsWith('::ffff:127.');
}

export function installSafetyNet(): SafetyNet {
  const trips: string[] = [];
  const proto = Socket.prototype as unknown as { connect: (...args: unknown[]) => unknown };
  const original = proto.connect;
  proto.connect = function guardedConnect(this: Socket, ...args: unknown[]) {
    const [first] = args;
    const opts = Array.isArray(first) ? (first[0] as unknown) : first;
    if (typeof opts === 'object' && opts !== null && !('path' in opts && opts.path)) {
      const host = 'host' in opts && typeof opts.host === 'string' ? opts.host : 'localhost';
      if (!isLoopbackLiteral(host)) {
        trips.push(host);
        throw new Error(`safety net: refused to dial non-loopback ${host}`);
      }
    }
    return original.apply(this, args);
  };
  return {
    trips,
    uninstall: () => {
      proto.connect = original;
    },
  };
}
