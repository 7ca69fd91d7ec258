import { isValidEmail, normalizeEmail, type Account } from '../domain/account.js';
import { newId } from '../domain/ids.js';
import { AppError } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import { hashPassword } from './secrets.js';

export const MIN_PASSWORD_LENGTH = 8;
/** Capped before hashing so a huge password cannot cost the server a long hash. */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * Creates an account. Throws VALIDATION_FAILED for a bad e-mail or password and CONFLICT when
 * the e-mail is taken.
 */
export async function createAccount(
  deps: { store: Store; clock: Clock },
  input: { email: string; password?: string | null },
): Promise<Account> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) {
    throw new AppError('VALIDATION_FAILED', { message: 'E-mail address is not valid' });
  }
  const password = input.password ?? null;
  if (password !== null && (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
    });
  }
  const account: Account = {
    id: newId('account'),
    email,
    passwordHash: password === null ? null : await hashPassword(password),
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
