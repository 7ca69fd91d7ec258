/**
 * `rehook listen` routing and filters, pure: which local URL an event goes to, and whether it
 * goes anywhere at all.
 *
 * Paths here are the event's sub-path: the part of the captured path after `/i/<inboxId>`,
 * `/` when there is none. Prefixes match whole segments: `/stripe` matches `/stripe` and
 * `/stripe/events`, never `/stripey`.
 */

/** One `--forward-to [PATH_PREFIX=]URL` rule. */
export interface ForwardRule {
  /** Normalised: starts with `/`, no trailing `/` (except the root `/`). */
  readonly prefix: string;
  /** The local target, http or https. */
  readonly url: URL;
}

/** What decides whether an event is forwarded, besides the rules. */
export interface EventFilters {
  /** Upper-case method names; empty: every method. */
  readonly methods: readonly string[];
  /** Normalised path prefixes; empty: every path. */
  readonly paths: readonly string[];
}

/** A rule or filter the user wrote that cannot work; the message says why. */
export class RuleError extends Error {
  override readonly name = 'RuleError';
}

/** `/a/b/` → `/a/b`, `a` → `/a`, `` → `/`. */
export function normalisePrefix(raw: string): string {
  const withSlash = raw.startsWith('/') ? raw : `/${raw}`;
  const trimmed = withSlash.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** True when `path` is `prefix` or below it, segment-wise. */
export function underPrefix(path: string, prefix: string): boolean {
  if (prefix === '/') return true;
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Parses one `--forward-to` value: `URL` (the prefix `/`) or `/PATH_PREFIX=URL`. A value that
 * starts with `/` is a rule; anything else is a bare URL.
 */
export function parseForwardRule(raw: string): ForwardRule {
  let prefix = '/';
  let target = raw;
  if (raw.startsWith('/')) {
    const equals = raw.indexOf('=');
    if (equals === -1) {
      throw new RuleError(
        `--forward-to ${JSON.stringify(raw)} has a path prefix but no URL (use /prefix=http://localhost:3000/hooks)`,
      );
    }
    prefix = normalisePrefix(raw.slice(0, equals));
    target = raw.slice(equals + 1);
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new RuleError(`--forward-to needs an http or https URL (got ${JSON.stringify(target)})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RuleError(`--forward-to needs an http or https URL (got ${JSON.stringify(target)})`);
  }
  if (url.hash !== '') url.hash = '';
  return { prefix, url };
}

/** Parses every rule; two rules with the same prefix are a mistake. */
export function parseForwardRules(raws: readonly string[]): ForwardRule[] {
  if (raws.length === 0) throw new RuleError('missing required option --forward-to');
  const rules = raws.map(parseForwardRule);
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.prefix)) throw new RuleError(`two --forward-to rules for the path prefix ${rule.prefix}`);
    seen.add(rule.prefix);
  }
  return rules;
}

/** The rule for a sub-path: the longest matching prefix, or undefined when none matches. */
export function routeFor(rules: readonly ForwardRule[], subPath: string): ForwardRule | undefined {
  let best: ForwardRule | undefined;
  for (const rule of rules) {
    if (!underPrefix(subPath, rule.prefix)) continue;
    if (best === undefined || rule.prefix.length > best.prefix.length) best = rule;
  }
  return best;
}

/** The sub-path of a captured path: what follows `/i/<inboxId>`, `/` when nothing does. */
export function subPathOf(path: string, inboxId: string): string {
  const base = `/i/${inboxId}`;
  const rest = path.startsWith(base) ? path.slice(base.length) : path;
  if (rest === '' || rest === '/') return '/';
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The local URL an event is sent to: the rule's URL with the sub-path below the rule's prefix
 * appended to its path, and the event's query appended to the URL's own query (`&` between).
 * `/i/<id>/stripe/v1?x=1` with `/stripe=http://localhost:3000/hooks` gives
 * `http://localhost:3000/hooks/v1?x=1`; with the bare `http://localhost:3000/hooks`,
 * `http://localhost:3000/hooks/stripe/v1?x=1`. The sub-path's bytes are kept as captured
 * (no re-encoding), so is the query.
 */
export function targetUrl(rule: ForwardRule, subPath: string, query: string): string {
  const below = rule.prefix === '/' ? subPath : subPath.slice(rule.prefix.length);
  const base = rule.url.pathname;
  let path: string;
  if (below === '' || below === '/') {
    // Nothing below the prefix: the target itself.
    path = base;
  } else {
    path = base.endsWith('/') ? base + below.slice(1) : base + below;
  }
  const own = rule.url.search.replace(/^\?/, '');
  const search = [own, query].filter((part) => part !== '').join('&');
  return `${rule.url.origin}${path}${search === '' ? '' : `?${search}`}`;
}

/** `--only-method` values (repeatable, or comma lists): upper-case method names. */
export function parseMethods(raws: readonly string[]): string[] {
  const methods = raws
    .flatMap((raw) => raw.split(','))
    .map((method) => method.trim().toUpperCase())
    .filter((method) => method !== '');
  for (const method of methods) {
    if (!/^[A-Z]+$/.test(method)) throw new RuleError(`--only-method: ${JSON.stringify(method)} is not an HTTP method`);
  }
  return [...new Set(methods)];
}

/** True when the event passes `--only-method` and `--only-path`. */
export function passesFilters(filters: EventFilters, method: string, subPath: string): boolean {
  if (filters.methods.length > 0 && !filters.methods.includes(method.toUpperCase())) return false;
  if (filters.paths.length > 0 && !filters.paths.some((prefix) => underPrefix(subPath, prefix))) return false;
  return true;
}

/** The rules as one stable string: what a saved position belongs to (with the server and inbox). */
export function rulesKey(rules: readonly ForwardRule[]): string {
  return rules
    .map((rule) => `${rule.prefix}=${rule.url.href}`)
    .sort()
    .join(' ');
}
