import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress, rateLimited } from '../../../abuse/api-limits.js';
import { AppError } from '../../../errors.js';
import type { ApiContext } from './context.js';

/**
 * The sign-in limits, for every route that lets a caller guess a secret or costs a password hash:
 * sign-up and sign-in, single sign-on, password checks in Settings, invitation links. They share
 * one budget per client address (REHOOK_RATE_SIGNIN) and one of failed password checks per
 * e-mail address (REHOOK_RATE_SIGNIN_PER_EMAIL), so no route is a cheaper way to guess.
 */

type Limits = Pick<ApiContext, 'abuse' | 'trustProxy'>;

/**
 * Counts one attempt against the caller's address; 429 RATE_LIMITED ("Too many <what> attempts
 * from this address") once its budget is spent.
 */
export function signinAttempts(ctx: Limits, what: string): (request: FastifyRequest, reply: FastifyReply) => void {
  const message = `Too many ${what} attempts from this address`;
  return (request, reply) => {
    const decision = ctx.abuse?.signinPerIp.take(clientAddress(request, ctx.trustProxy));
    if (decision && !decision.ok) throw rateLimited(reply, decision.retryAfterMs, message);
  };
}

/** A password check and the budget of failed ones it counts against. */
export interface PasswordCheck<T> {
  /** The e-mail address (normalised) whose budget it spends. */
  readonly emailKey: string;
  /** The 429's message while that budget is spent. */
  readonly refusal: string;
  /** The check: throws INVALID_CREDENTIALS for a wrong password. */
  readonly check: () => Promise<T>;
}

/**
 * Runs the check unless the e-mail address's budget of failed checks is spent (429 RATE_LIMITED);
 * only a wrong password spends from it.
 */
export async function withinFailedPasswordBudget<T>(
  ctx: Limits,
  reply: FastifyReply,
  { emailKey, refusal, check }: PasswordCheck<T>,
): Promise<T> {
  const budget = ctx.abuse?.signinPerEmail.check(emailKey);
  if (budget && !budget.ok) throw rateLimited(reply, budget.retryAfterMs, refusal);
  try {
    return await check();
  } catch (err) {
    if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') ctx.abuse?.signinPerEmail.take(emailKey);
    throw err;
  }
}
