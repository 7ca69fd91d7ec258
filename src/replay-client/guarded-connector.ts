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

/** Dial errors after which the next validated address is tried (no route, not a refusal). */
const TRY_NEXT_CODES: ReadonlySet<string> = new Set([
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
  const answers = await withTimeout((opts.lookup ?? defaultLookup)(hostname), opts.connectTimeoutMs);
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

function errorCode(err: unknown): unknown {
  return typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
}

/**
 * Dials `addresses` in order through undici's own connector, moving on only when an address
 * has no route. Each dialed address was validated, so a fallback never reaches a new target.
 */
function dialFirst(
  dial: Connector,
  target: { options: ConnectOptions; addresses: readonly string[]; policy: AddressPolicy },
  callback: ConnectCallback,
  index = 0,
): void {
  const { options, addresses, policy } = target;
  const address = addresses[index] as string;
  // SNI and certificate checks use the name the user gave, while the socket goes to the
  // pinned IP; for an IP destination no SNI is sent (RFC 6066 forbids IP literals there).
  const servername = isIP(options.hostname) === 0 ? options.servername || options.hostname : '';
  const pinned: ConnectOptions = { ...options, hostname: address };
  if (servername !== '') pinned.servername = servername;
  dial(pinned, (err, socket) => {
    if (err !== null) {
      if (index + 1 < addresses.length && TRY_NEXT_CODES.has(String(errorCode(err)))) {
        dialFirst(dial, target, callback, index + 1);
        return;
      }
      callback(err, null);
      return;
    }
    // Defense in depth: judge the peer we actually reached, so a bug anywhere above (or a
    // future option that reintroduces name resolution in net.connect) cannot leak a socket.
    const remote = (socket as Socket).remoteAddress;
    const reason = remote === undefined ? 'no-remote-address' : checkAddress(remote, policy);
    if (reason !== null) {
      socket.destroy();
      callback(new ForbiddenDestinationError(reason), null);
      return;
    }
    callback(null, socket);
  });
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
      (addresses) => dialFirst(dial, { options, addresses, policy: opts.policy }, callback),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  };
}
