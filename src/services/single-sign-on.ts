import { type Account, isValidEmail, normalizeEmail } from '../domain/account.js';
import { AppError } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import {
  IdentityProviderError,
  type IdentityProvider,
  type SignInChecks,
  type VerifiedIdToken,
} from '../ports/identity-provider.js';
import type { Store } from '../ports/store.js';
import { MAX_DISPLAY_NAME_LENGTH } from './account-settings.js';
import { createAccount } from './accounts.js';
import { stringsEqual } from './secrets.js';

/** Single sign-on as the operator set it up (REHOOK_OIDC_*). */
export interface SingleSignOn {
  readonly provider: IdentityProvider;
  /** The button's "Sign in with <name>". */
  readonly name: string;
  /** Lower-cased e-mail domains that may sign in; empty = any. */
  readonly allowedDomains: readonly string[];
  /** The claim whose values name teams to join as member, or null. */
  readonly teamsClaim: string | null;
  /** Where the provider sends the browser back (REHOOK_PUBLIC_URL + the callback path). */
  readonly redirectUri: () => string;
}

type Deps = { store: Store; clock: Clock };

/** Values of the teams claim looked at per sign-in: a person is in a few groups, not thousands. */
const MAX_TEAM_CLAIM_VALUES = 100;

/** The team id prefix (src/domain/ids.ts): a claim value that looks like one names a team by id. */
const TEAM_ID = /^tem_[0-9a-z]{1,64}$/;

/** What a finished single sign-on did, for the log (and anything else that records sign-ins). */
export interface SingleSignOnResult {
  readonly account: Account;
  /** The account was made by this sign-in. */
  readonly created: boolean;
  /**
   * An account that existed was linked to the provider's subject by this sign-in. Always false
   * since sign-in no longer links by e-mail (accounts are linked in Settings); kept for the log.
   */
  readonly linked: boolean;
  /** Ids of the teams the account joined by this sign-in. */
  readonly joinedTeams: readonly string[];
}

/** Starts a sign-in: the provider's URL to send the browser to, and the checks to keep. */
export async function beginSingleSignOn(sso: SingleSignOn): Promise<{ url: URL; checks: SignInChecks }> {
  try {
    return await sso.provider.begin();
  } catch (err) {
    throw providerFailure(err);
  }
}

/**
 * Finishes a sign-in from the URL the provider sent the browser back to. The `state` it carries
 * must be the one this browser started with (`checks`, null when the browser kept none): another
 * value is a forged or replayed answer, refused before the provider is asked anything. Then the
 * code is exchanged and the ID token verified (the provider adapter), and the account found or
 * made (accountForIdentity).
 */
export async function finishSingleSignOn(
  deps: Deps,
  sso: SingleSignOn,
  input: { callbackUrl: URL; checks: SignInChecks | null },
): Promise<SingleSignOnResult> {
  return accountForIdentity(deps, sso, await verifiedAnswer(sso, input));
}

/**
 * Finishes a link started by a signed-in account (Settings): the provider's answer is checked as
 * for a sign-in, then its identity is linked to that account (linkIdentityToAccount).
 */
export async function finishLinking(
  deps: Deps,
  sso: SingleSignOn,
  input: { callbackUrl: URL; checks: SignInChecks | null; accountId: string },
): Promise<{ readonly account: Account; readonly linked: boolean }> {
  return linkIdentityToAccount(deps, sso, await verifiedAnswer(sso, input), input.accountId);
}

/** The ID token of the provider's answer, after the state, the code exchange and the token are checked. */
async function verifiedAnswer(
  sso: SingleSignOn,
  input: { callbackUrl: URL; checks: SignInChecks | null },
): Promise<VerifiedIdToken> {
  const state = input.callbackUrl.searchParams.get('state');
  if (input.checks === null || state === null || !stringsEqual(state, input.checks.state)) {
    throw new AppError('SSO_STATE_MISMATCH');
  }
  try {
    return await sso.provider.finish(input.callbackUrl, input.checks);
  } catch (err) {
    throw providerFailure(err);
  }
}

function providerFailure(err: unknown): AppError {
  if (err instanceof IdentityProviderError && err.kind === 'refused')
    return new AppError('SSO_REFUSED', { cause: err });
  if (err instanceof IdentityProviderError) return new AppError('SSO_PROVIDER_ERROR', { cause: err });
  if (err instanceof AppError) return err;
  return new AppError('SSO_PROVIDER_ERROR', { cause: err });
}

/**
 * The account a verified ID token signs in to. Every time: the e-mail address must be present and
 * verified by the provider (`email_verified` true) and its domain allowed. Then the account
 * linked to the provider's subject; else, when no account has that e-mail address, a new account
 * without a password, linked to the subject. An account that has the address already is never
 * taken over by e-mail (SSO_ACCOUNT_EXISTS): Rehook does not verify addresses, so whoever holds
 * one may not be the person the provider vouches for, and an account linked to another subject
 * is another person's even when the provider gave the address to someone new. Its owner links
 * single sign-on while signed in instead (linkIdentityToAccount). Finally the teams named by the
 * teams claim are joined as member.
 */
export async function accountForIdentity(
  deps: Deps,
  sso: SingleSignOn,
  token: VerifiedIdToken,
): Promise<SingleSignOnResult> {
  const email = allowedEmail(sso, token);
  const found = await linkedAccount(deps, token);
  const outcome = found ?? (await newLinkedAccount(deps, token, email));
  const joinedTeams = await joinClaimedTeams(deps, sso, token, outcome.account.id);
  return { ...outcome, joinedTeams };
}

/**
 * Links the provider's identity in `token` to the signed-in account that asked for it (Settings,
 * "Link <name>"): the explicit step that replaces linking by e-mail. The identity must be one
 * that may sign in (verified address, allowed domain). Linking it again to the same account
 * changes nothing; SSO_IDENTITY_TAKEN when another account has it, SSO_ALREADY_LINKED when this
 * account is linked to another subject of this issuer (a link is never replaced).
 */
export async function linkIdentityToAccount(
  deps: Deps,
  sso: SingleSignOn,
  token: VerifiedIdToken,
  accountId: string,
): Promise<{ readonly account: Account; readonly linked: boolean }> {
  allowedEmail(sso, token);
  const account = await deps.store.accounts.findById(accountId);
  if (account === null) throw new AppError('UNAUTHORIZED');
  const identity = { issuer: token.issuer, subject: token.subject, accountId, createdAt: deps.clock.now() };
  if (await deps.store.identities.linkIfUnlinked(identity)) return { account, linked: true };
  const holder = await deps.store.identities.find(token.issuer, token.subject);
  if (holder?.accountId === accountId) return { account, linked: false };
  if (holder !== null) throw new AppError('SSO_IDENTITY_TAKEN');
  throw new AppError('SSO_ALREADY_LINKED');
}

/** The account's link to the server's provider, or null. */
export async function linkedIdentityOf(deps: Deps, sso: SingleSignOn, accountId: string) {
  const links = await deps.store.identities.listByAccount(accountId);
  return links.find((link) => sameIssuer(link.issuer, sso.provider.issuer)) ?? null;
}

/**
 * Links keep the issuer as the ID token names it (`iss`); the setting is kept as a parsed URL,
 * which has a `/` after a bare origin. Apart from that one slash, issuers compare exactly.
 */
function sameIssuer(stored: string, configured: string): boolean {
  return stored.replace(/\/$/, '') === configured.replace(/\/$/, '');
}

/**
 * Whether addresses at this e-mail address's domain are single sign-on's alone: single sign-on
 * is on and REHOOK_OIDC_ALLOWED_DOMAINS names the domain. Such an address cannot be signed up
 * with or set in a profile (EMAIL_DOMAIN_MANAGED), so nobody holds one before its owner's first
 * single sign-on. Without allowed domains no domain is managed.
 */
export function isManagedAddress(sso: SingleSignOn | undefined, email: string): boolean {
  if (sso === undefined || sso.allowedDomains.length === 0) return false;
  const normalized = normalizeEmail(email);
  return sso.allowedDomains.includes(normalized.slice(normalized.lastIndexOf('@') + 1));
}

/** Throws EMAIL_DOMAIN_MANAGED for an address of a domain single sign-on manages. */
export function refuseManagedAddress(sso: SingleSignOn | undefined, email: string): void {
  if (isManagedAddress(sso, email)) {
    const domain = normalizeEmail(email).slice(normalizeEmail(email).lastIndexOf('@') + 1);
    throw new AppError('EMAIL_DOMAIN_MANAGED', {
      message: `Addresses at ${domain} sign in with ${sso?.name ?? 'single sign-on'}: use that to sign in`,
    });
  }
}

/** The token's verified e-mail address, when its domain may sign in; throws otherwise. */
function allowedEmail(sso: SingleSignOn, token: VerifiedIdToken): string {
  const email = verifiedEmail(token.claims);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (sso.allowedDomains.length > 0 && !sso.allowedDomains.includes(domain)) {
    throw new AppError('SSO_DOMAIN_NOT_ALLOWED', {
      message: `E-mail addresses at ${domain} may not sign in to this server`,
    });
  }
  return email;
}

/** The provider's e-mail address, normalised; SSO_EMAIL_NOT_VERIFIED unless it vouches for it. */
function verifiedEmail(claims: Readonly<Record<string, unknown>>): string {
  const raw = claims['email'];
  const email = typeof raw === 'string' ? normalizeEmail(raw) : '';
  // Some providers send the flag as the string "true"; anything else is not a verification.
  const verified = claims['email_verified'] === true || claims['email_verified'] === 'true';
  if (email === '' || email.length > 320 || !isValidEmail(email)) {
    throw new AppError('SSO_EMAIL_NOT_VERIFIED', { message: 'The identity provider sent no e-mail address' });
  }
  if (!verified) throw new AppError('SSO_EMAIL_NOT_VERIFIED');
  return email;
}

async function linkedAccount(
  deps: Deps,
  token: VerifiedIdToken,
): Promise<Omit<SingleSignOnResult, 'joinedTeams'> | null> {
  const link = await deps.store.identities.find(token.issuer, token.subject);
  if (link === null) return null;
  const account = await deps.store.accounts.findById(link.accountId);
  // A link outlives its account only for the instant of a deletion; it is gone with it.
  return account === null ? null : { account, created: false, linked: false };
}

/** A new account for a subject seen for the first time; SSO_ACCOUNT_EXISTS when the address is taken. */
async function newLinkedAccount(
  deps: Deps,
  token: VerifiedIdToken,
  email: string,
): Promise<Omit<SingleSignOnResult, 'joinedTeams'>> {
  let account: Account | null = null;
  if ((await deps.store.accounts.findByEmail(email)) === null) {
    try {
      account = await createAccount(deps, { email, password: null, displayName: displayNameOf(token.claims) });
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
    }
  }
  if (account === null) {
    // Taken (now or at this instant): by the same person's other first sign-in, whose link names
    // the account, or by anyone else, whose account is never taken over.
    const winner = await linkedAccount(deps, token);
    if (winner !== null) return winner;
    throw new AppError('SSO_ACCOUNT_EXISTS');
  }
  const linked = await deps.store.identities.link({
    issuer: token.issuer,
    subject: token.subject,
    accountId: account.id,
    createdAt: deps.clock.now(),
  });
  if (!linked) {
    // Two first sign-ins of one person at once, with different addresses: the link that won
    // names the account, and the one made here stays without a way in (no password, no link).
    const winner = await linkedAccount(deps, token);
    if (winner !== null) return winner;
  }
  return { account, created: true, linked: false };
}

/** The `name` claim as a display name, when it is one (printable, not too long). */
function displayNameOf(claims: Readonly<Record<string, unknown>>): string | null {
  const name = typeof claims['name'] === 'string' ? claims['name'].trim() : '';
  if (name === '' || name.length > MAX_DISPLAY_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(name)) return null;
  return name;
}

/**
 * Joins, as member, each team the teams claim names that the account is not in: a value is a
 * team id (tem_...), or the name of exactly one team (a name two teams share names neither).
 * Roles held already are kept, and memberships the claim no longer names are not touched: the
 * claim grants entry, Rehook's own roles manage the rest.
 */
async function joinClaimedTeams(
  deps: Deps,
  sso: SingleSignOn,
  token: VerifiedIdToken,
  accountId: string,
): Promise<string[]> {
  if (sso.teamsClaim === null) return [];
  const raw = token.claims[sso.teamsClaim];
  const values = (Array.isArray(raw) ? raw : [raw])
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .slice(0, MAX_TEAM_CLAIM_VALUES);
  const joined: string[] = [];
  for (const value of new Set(values)) {
    const teamId = await teamNamedBy(deps, value);
    if (teamId === null) continue;
    const membership = { teamId, accountId, role: 'member' as const, joinedAt: deps.clock.now() };
    if (await deps.store.teams.addMember(membership)) joined.push(teamId);
  }
  return joined;
}

async function teamNamedBy(deps: Deps, value: string): Promise<string | null> {
  if (TEAM_ID.test(value)) {
    const team = await deps.store.teams.findById(value);
    if (team !== null) return team.id;
  }
  const named = await deps.store.teams.listByName(value);
  return named.length === 1 ? (named[0]?.id ?? null) : null;
}
