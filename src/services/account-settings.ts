import { isValidEmail, normalizeEmail, type Account } from '../domain/account.js';
import type { Session } from '../domain/session.js';
import { AppError } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import { checkNewPassword, DUMMY_PASSWORD_HASH, MAX_PASSWORD_LENGTH } from './accounts.js';
import { hashPassword, verifyPassword } from './secrets.js';
import { leaveAllTeams, teamsBlockingAccountDeletion } from './team-seams.js';

type Deps = { store: Store; clock: Clock };

/** Longest display name: a person's name, not a document. */
export const MAX_DISPLAY_NAME_LENGTH = 100;

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message: `${path.slice(1)} ${message}`, details: [{ path, message }] });
}

async function requireStoredAccount(deps: { store: Store }, accountId: string): Promise<Account> {
  const account = await deps.store.accounts.findById(accountId);
  // The account went while the request was on its way (deleted elsewhere): its credential is dead.
  if (account === null) throw new AppError('UNAUTHORIZED');
  return account;
}

/**
 * Changes the e-mail address and display name (each only when given; a display name of null or
 * blank removes it). Throws VALIDATION_FAILED for a bad value and CONFLICT for an e-mail address
 * another account has.
 */
export async function updateProfile(
  deps: Deps,
  accountId: string,
  input: { email?: unknown; displayName?: unknown },
): Promise<Account> {
  const account = await requireStoredAccount(deps, accountId);
  let email = account.email;
  if (input.email !== undefined) {
    email = typeof input.email === 'string' ? normalizeEmail(input.email) : '';
    if (email.length > 320 || !isValidEmail(email)) throw invalid('/email', 'must be an e-mail address');
  }
  let displayName = account.displayName;
  if (input.displayName !== undefined) {
    if (input.displayName !== null && typeof input.displayName !== 'string') {
      throw invalid('/displayName', 'must be a string or null');
    }
    const name = (input.displayName ?? '').trim();
    if (name.length > MAX_DISPLAY_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(name)) {
      throw invalid('/displayName', `must be at most ${MAX_DISPLAY_NAME_LENGTH} printable characters`);
    }
    displayName = name === '' ? null : name;
  }
  const updated = await deps.store.accounts.updateProfile(accountId, { email, displayName });
  if (updated === 'email-taken') {
    throw new AppError('CONFLICT', { message: 'An account with this e-mail address already exists' });
  }
  if (updated === null) throw new AppError('UNAUTHORIZED');
  return updated;
}

/** How long after a sign-in an account without a password may change its e-mail address. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Whether changing the e-mail address to `input.email` is allowed and confirmed; nothing to
 * confirm when no address is given or it is the account's own. The address decides who signs in
 * with a password and who receives anything sent to the account, so a stolen session or token
 * alone must not move it: an account with a password confirms with it (`checkPassword`, given by
 * the caller so the attempt counts as a sign-in would; VALIDATION_FAILED when it is missing),
 * an account without one (single sign-on) by a sign-in at most FRESH_SIGN_IN_MS old
 * (REAUTHENTICATION_REQUIRED otherwise, and always for an API token, which has no sign-in).
 * `refuseAddress` throws for an address that may not be set at all (a domain single sign-on
 * manages), before any password is checked.
 */
export async function confirmAddressChange(
  deps: Deps,
  accountId: string,
  input: { email: unknown; currentPassword: unknown; signedInAt: Date | null },
  checks: { refuseAddress: (email: string) => void; checkPassword: (password: unknown) => Promise<unknown> },
): Promise<void> {
  if (input.email === undefined) return;
  const account = await requireStoredAccount(deps, accountId);
  const email = typeof input.email === 'string' ? normalizeEmail(input.email) : '';
  if (email === account.email || email.length > 320 || !isValidEmail(email)) return;
  checks.refuseAddress(email);
  if (account.passwordHash !== null) {
    if (input.currentPassword === undefined || input.currentPassword === null || input.currentPassword === '') {
      throw invalid('/currentPassword', 'is needed to change the e-mail address');
    }
    await checks.checkPassword(input.currentPassword);
    return;
  }
  const age =
    input.signedInAt === null ? Number.POSITIVE_INFINITY : deps.clock.now().getTime() - input.signedInAt.getTime();
  if (age > FRESH_SIGN_IN_MS) throw new AppError('REAUTHENTICATION_REQUIRED');
}

/**
 * Checks the account's current password (the same scrypt work whether or not it has one);
 * throws INVALID_CREDENTIALS when it is wrong or the account has none.
 */
export async function checkCurrentPassword(deps: { store: Store }, accountId: string, password: unknown) {
  if (typeof password !== 'string' || password.length === 0 || password.length > MAX_PASSWORD_LENGTH) {
    throw invalid('/password', `must be 1 to ${MAX_PASSWORD_LENGTH} characters`);
  }
  const account = await requireStoredAccount(deps, accountId);
  const matches = await verifyPassword(password, account.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (account.passwordHash === null || !matches) {
    throw new AppError('INVALID_CREDENTIALS', { message: 'The current password is wrong' });
  }
  return account;
}

/** NO_PASSWORD for an account without a password (made by single sign-on): there is none to change. */
export async function requirePassword(deps: { store: Store }, accountId: string): Promise<void> {
  const account = await requireStoredAccount(deps, accountId);
  if (account.passwordHash === null) throw new AppError('NO_PASSWORD');
}

/**
 * Whether deleting the account was confirmed: with the password when it has one (checked by
 * `checkPassword`, which the caller gives so the attempt counts as a sign-in would), else by
 * typing its e-mail address, which a click-jacked or careless request does not carry.
 */
export async function confirmAccountDeletion(
  deps: { store: Store },
  accountId: string,
  input: { password: unknown; email: unknown },
  checkPassword: (password: unknown) => Promise<unknown>,
): Promise<void> {
  const account = await requireStoredAccount(deps, accountId);
  if (account.passwordHash !== null) {
    await checkPassword(input.password);
    return;
  }
  const typed = typeof input.email === 'string' ? normalizeEmail(input.email) : '';
  if (typed !== account.email) {
    throw invalid('/email', "must be the account's e-mail address (this account has no password)");
  }
}

/**
 * Changes the password (the caller checked the current one) and signs out every other session
 * of the account: whoever knew the old password is out everywhere but in the browser that
 * changed it. API tokens keep working. Returns how many sessions ended.
 */
export async function changePassword(
  deps: Deps,
  input: { accountId: string; newPassword: unknown; keepSessionId: string | null },
): Promise<number> {
  if (typeof input.newPassword !== 'string') throw invalid('/newPassword', 'must be a string');
  checkNewPassword(input.newPassword, '/newPassword');
  const hash = await hashPassword(input.newPassword);
  if (!(await deps.store.accounts.setPasswordHash(input.accountId, hash))) throw new AppError('UNAUTHORIZED');
  // After the new hash is stored, so no session made with the old password survives.
  return input.keepSessionId === null
    ? deps.store.sessions.deleteByAccount(input.accountId)
    : deps.store.sessions.deleteOthers(input.accountId, input.keepSessionId);
}

export async function listSessions(deps: Deps, accountId: string): Promise<Session[]> {
  return deps.store.sessions.listLiveByAccount(accountId, deps.clock.now());
}

/** Signs one session of the account out; throws SESSION_NOT_FOUND for another's or an ended one. */
export async function endSessionOfAccount(deps: Deps, accountId: string, sessionId: string): Promise<void> {
  if (!(await deps.store.sessions.deleteOfAccount(sessionId, accountId))) throw new AppError('SESSION_NOT_FOUND');
}

/**
 * Deletes the account (the caller checked its password): first its inboxes (with their events,
 * replays, shares, settings and forwarding, through the store's inbox delete), then its team
 * memberships, then the account with its tokens and sessions in one step. A crash half-way
 * leaves an account with fewer inboxes that can be deleted again. Refused with CONFLICT while
 * the account is the only owner of a team.
 */
export async function deleteAccount(deps: Deps, accountId: string): Promise<void> {
  const blocking = await teamsBlockingAccountDeletion(deps, accountId);
  if (blocking.length > 0) {
    const names = blocking.map((team) => JSON.stringify(team.name)).join(', ');
    throw new AppError('CONFLICT', {
      message: `This account is the only owner of ${names}: hand the team over or delete it first`,
    });
  }
  for (const inbox of await deps.store.inboxes.listByOwner(accountId, deps.clock.now())) {
    await deps.store.inboxes.delete(inbox.id, accountId);
  }
  await leaveAllTeams(deps, accountId);
  await deps.store.accounts.delete(accountId);
}
