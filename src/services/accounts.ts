import { isValidEmail, normalizeEmail, type Account } from '../domain/account.js';
import { newId } from '../domain/ids.js';
import { AppError } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import { hashPassword, verifyPassword } from './secrets.js';

export const MIN_PASSWORD_LENGTH = 8;
/** Capped before hashing so a huge password cannot cost the server a long hash. */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * Creates an account. Throws VALIDATION_FAILED for a bad e-mail or password and CONFLICT when
 * the e-mail is taken.
 */
export async function createAccount(
  deps: { store: Store; clock: Clock },
  input: { email: string; password?: string | null; displayName?: string | null },
): Promise<Account> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) {
    throw new AppError('VALIDATION_FAILED', { message: 'E-mail address is not valid' });
  }
  const password = input.password ?? null;
  if (password !== null) checkNewPassword(password);
  const account: Account = {
    id: newId('account'),
    email,
    passwordHash: password === null ? null : await hashPassword(password),
    displayName: input.displayName ?? null,
    createdAt: deps.clock.now(),
  };
  if (!(await deps.store.accounts.insert(account))) {
    throw new AppError('CONFLICT', { message: 'An account with this e-mail already exists' });
  }
  return account;
}

/** The account with this e-mail; throws NOT_FOUND-style VALIDATION_FAILED when there is none. */
export async function requireAccountByEmail(deps: { store: Store }, email: string): Promise<Account> {
  const account = await deps.store.accounts.findByEmail(normalizeEmail(email));
  if (!account) {
    throw new AppError('VALIDATION_FAILED', { message: 'No account with this e-mail address' });
  }
  return account;
}

/** Throws VALIDATION_FAILED unless the password may be set (length only: any character counts). */
export function checkNewPassword(password: string, path = '/password'): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
      details: [{ path, message: `must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters` }],
    });
  }
}

/**
 * The hash of a random password nobody knows, with hashPassword's parameters (a unit test keeps
 * them equal): signing in to an unknown e-mail address, or to an account without a password,
 * checks against it, so the answer costs the same scrypt work as a wrong password and does not
 * tell which e-mail addresses exist. A constant, so not even the first such sign-in differs.
 */
export const DUMMY_PASSWORD_HASH =
  'scrypt$16384$8$1$sdeWvpvIW96FRrOyehV48Q==$IaK6PB7WyvZ1cTduGf3fI7EK1Hr60yt1dA9r0pw38RY=';

/**
 * The account whose e-mail and password these are; throws INVALID_CREDENTIALS otherwise, the
 * same error, after the same work, whether the e-mail is unknown, the account has no password,
 * or the password is wrong. Throws VALIDATION_FAILED for a password over the length cap (it is
 * never hashed).
 */
export async function signIn(deps: { store: Store }, input: { email: string; password: string }): Promise<Account> {
  if (input.password.length === 0 || input.password.length > MAX_PASSWORD_LENGTH) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Password must be 1 to ${MAX_PASSWORD_LENGTH} characters`,
      details: [{ path: '/password', message: `must be 1 to ${MAX_PASSWORD_LENGTH} characters` }],
    });
  }
  const account = await deps.store.accounts.findByEmail(normalizeEmail(input.email));
  const matches = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!account || account.passwordHash === null || !matches) throw new AppError('INVALID_CREDENTIALS');
  return account;
}

/**
 * Sets the account's password (operator command) and signs the account out everywhere: every
 * session is deleted, so whoever knew the old password is out. API tokens stay valid. Throws
 * VALIDATION_FAILED for a bad password or an unknown e-mail.
 */
export async function setPassword(
  deps: { store: Store },
  input: { email: string; password: string },
): Promise<{ account: Account; sessionsEnded: number }> {
  checkNewPassword(input.password);
  const account = await requireAccountByEmail(deps, input.email);
  const passwordHash = await hashPassword(input.password);
  if (!(await deps.store.accounts.setPasswordHash(account.id, passwordHash))) {
    throw new AppError('VALIDATION_FAILED', { message: 'No account with this e-mail address' });
  }
  // After the new hash is stored, so no session made with the old password survives.
  const sessionsEnded = await deps.store.sessions.deleteByAccount(account.id);
  return { account: { ...account, passwordHash }, sessionsEnded };
}
