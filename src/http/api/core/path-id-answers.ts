import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal, ServiceDeps } from '../../../services/deps.js';
import { pathParam, principalOf } from './request.js';
import { dataEnvelope } from './route-schema.js';

/**
 * The answer and handler of the routes that act on the one object their path names (an inbox,
 * an event, a team) through a use case taking the caller and that id. Spread into a declaration
 * (core/endpoint.ts) beside its access, errors and audit decision, which stay written there.
 */

type PathId = 'inboxId' | 'eventId' | 'teamId';
type Deps = Pick<ServiceDeps, 'store' | 'clock'>;

function idOf(request: FastifyRequest, name: PathId): string {
  return pathParam(request as { readonly params: Record<PathId, unknown> }, name);
}

/** A GET answering `{"data":{"<key>":[...]}}`: what the use case lists, each item presented. */
export function listed<D extends Deps, T>(
  deps: D,
  id: PathId,
  answer: { readonly key: string; readonly description: string; readonly item: TSchema },
  list: (deps: D, principal: Principal, id: string) => Promise<readonly T[]>,
  present: (item: T) => unknown,
) {
  return {
    responses: { 200: { description: answer.description, schema: dataEnvelope(answer.key, Type.Array(answer.item)) } },
    handler: async (request: FastifyRequest) => {
      const items = await list(deps, await principalOf(deps, request), idOf(request, id));
      return { data: { [answer.key]: items.map(present) } };
    },
  };
}

/** A route answering 204 once the use case has removed or cleared what the path names. */
export function removed<D extends Deps>(
  deps: D,
  id: PathId,
  description: string,
  remove: (deps: D, principal: Principal, id: string) => Promise<unknown>,
) {
  return {
    responses: { 204: { description } },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      await remove(deps, await principalOf(deps, request), idOf(request, id));
      return reply.code(204).send();
    },
  };
}
