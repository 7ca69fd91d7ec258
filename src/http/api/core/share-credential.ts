import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.js';

/** The header that carries a sharing link's token. */
export const SHARE_HEADER = 'x-rehook-share';
/** The query parameter that carries it where headers cannot be set (EventSource). */
export const SHARE_QUERY = 'share';

/**
 * The sharing-link token the request carries, from `X-Rehook-Share` or `?share=`, or undefined
 * when it carries none. Two of them (the header twice, the parameter twice, or both) are 400
 * AMBIGUOUS_CREDENTIALS, even when equal: one credential per request, as for Authorization.
 */
export function shareCredential(request: FastifyRequest): string | undefined {
  const values: string[] = [];
  const raw = request.raw.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === SHARE_HEADER) values.push(raw[i + 1] as string);
  }
  const query = (request.query as Record<string, unknown> | undefined)?.[SHARE_QUERY];
  if (typeof query === 'string') values.push(query);
  else if (Array.isArray(query)) values.push(...query.map(String));
  if (values.length > 1) throw new AppError('AMBIGUOUS_CREDENTIALS');
  return values[0];
}
