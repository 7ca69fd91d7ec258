import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import type { Socket } from 'node:net';
import { buildConnector } from 'undici';
import { checkAddress } from './address-policy.js';
import type { AddressPolicy } from './address-policy.js';
import { ForbiddenDestinationError, LookupTimeoutError } from './errors.js';

/** One resolved address, as `dns.promises.lookup(host, { all: true })` returns it. */
export interface LookupAddress {
  readonly address: string;
  readonly family: number;
}

/** Resolves a host name to every address it has. Injectable so tests never touch real DNS. */
export type LookupFn = (hostname: string) => Promise<readonly LookupAddress[]>;

/** Options of {@link createGuardedConnector}. */
export interface GuardedConnectorOptions {
  readonly policy: AddressPolicy;
  /** Bounds DNS resolution and, separately, the TCP + TLS handshake of each dial. */
  readonly connectTimeoutMs: number;
  readonly lookup?: LookupFn;
}

const defaultLookup: LookupFn = (hostname) => dns.lookup(hostname, { all: true });

/**
 * Dial errors after which the next validated address is tried (a dual-stack name whose ::1
 * side is closed, an IPv6 answer on an IPv4-only host). Timeouts are not retried: each would
 * cost another full connect timeout.
 */
const TRY_NEXT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'EAFNOSUPPORT',
]);

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LookupTimeoutError(ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Resolves `hostname` once and returns the addresses to dial, all checked by the policy.
 * Fails closed: if ANY answer is forbidden the whole destination is refused, because an
 * attacker who controls the zone decides which answer a client ends up using (a name
 * resolving to [public, 10.0.0.1] is an SSRF, not a load balancer).
 */
async function resolveAllowed(hostname: string, opts: GuardedConnectorOptions): Promise<string[]> {
  // Node never calls a lookup hook for IP literals, so literals are judged here directly.
  if (isIP(hostname) !== 0) {
    const reason = checkAddress(hostname, opts.policy);
    if (reason !== null) throw new ForbiddenDestinationError(reason);
    return [hostname];
  }
  const lookup = opts.lookup ?? defaultLookup;
  const answers = await withTimeout(lookup(hostname), opts.connectTimeoutMs);
  if (answers.length === 0) {
    throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
  }
  for (const { address } of answers) {
    const reason = checkAddress(address, opts.policy);
    if (reason !== null) throw new ForbiddenDestinationError(reason);
  }
  return answers.map(({ address }) => address);
}

type Connector = buildConnector.connector;
type ConnectOptions = buildConnector.Options;
type ConnectCallback = buildConnector.Callback;

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

function errorCode(err: unknown): unknown {
  return typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
}

interface DialTarget {
  readonly options: ConnectOptions;
  readonly addresses: readonly string[];
  readonly policy: AddressPolicy;
}

/**
 * Defense in depth: judge the peer we actually reached, so a bug anywhere above (or a future
 * option that reintroduces name resolution inside net.connect) cannot hand undici a socket to
 * a forbidden address. Runs before undici writes a single request byte.
 */
function forbiddenPeer(socket: Socket, policy: AddressPolicy): ForbiddenDestinationError | null {
  const remote = socket.remoteAddress;
  const reason = remote === undefined ? 'no-remote-address' : checkAddress(remote, policy);
  return reason === null ? null : new ForbiddenDestinationError(reason);
}

/**
 * Dials the validated addresses in order through undici's own connector, moving on only when
 * an address refuses or has no route. Every candidate was validated before the first dial, so
 * a fallback never reaches an unchecked target.
 */
function dialPinned(dial: Connector, target: DialTarget, callback: ConnectCallback): void {
  const { options, addresses, policy } = target;
  // SNI and certificate checks use the name the user gave, while the socket goes to the
  // pinned IP; for an IP destination no SNI is sent (RFC 6066 forbids IP literals there).
  const servername = isIP(options.hostname) === 0 ? options.servername || options.hostname : '';
  const attempt = (index: number): void => {
    const pinned: ConnectOptions = { ...options, hostname: addresses[index] as string };
    if (servername !== '') pinned.servername = servername;
    const onDialed: ConnectCallback = (err, socket) => {
      if (err !== null) {
        const retry = index + 1 < addresses.length && TRY_NEXT_CODES.has(String(errorCode(err)));
        if (retry) attempt(index + 1);
        else callback(err, null);
        return;
      }
      const refused = forbiddenPeer(socket, policy);
      if (refused === null) {
        callback(null, socket);
        return;
      }
      socket.destroy();
      callback(refused, null);
    };
    try {
      dial(pinned, onDialed);
    } catch (err) {
      // net/tls can throw synchronously (e.g. an invalid option): report it, never crash.
      callback(asError(err), null);
    }
  };
  attempt(0);
}

/**
 * Builds the undici connector that makes replays SSRF-safe. It resolves the destination name
 * itself, validates every address with the policy, then asks undici's stock connector to dial
 * the validated IP literal. Because the address checked is the address dialed, resolved once
 * per connection, DNS rebinding (public answer at check time, 127.0.0.1 at connect time) has
 * no second lookup to exploit. TLS verification stays on, with SNI set to the original name.
 */
export function createGuardedConnector(opts: GuardedConnectorOptions): Connector {
  const dial = buildConnector({ timeout: opts.connectTimeoutMs });
  return (options, callback) => {
    resolveAllowed(options.hostname, opts).then(
      (addresses) => dialPinned(dial, { options, addresses, policy: opts.policy }, callback),
      (err: unknown) => callback(asError(err), null),
    );
  };
}
