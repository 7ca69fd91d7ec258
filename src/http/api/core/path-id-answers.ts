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
/** The path parameter the use case takes, or its fields named by path parameters. */
type PathInput = PathId | Readonly<Record<string, string>>;
type InputOf<N> = N extends string ? string : { readonly [K in keyof N]: string };

function inputOf<N extends PathInput>(request: FastifyRequest, names: N): InputOf<N> {
  const params = request as { readonly params: Record<string, unknown> };
  if (typeof names === 'string') return pathParam(params, names) as InputOf<N>;
  const input: Record<string, string> = {};
  for (const [field, name] of Object.entries(names)) input[field] = pathParam(params, name);
  return input as InputOf<N>;
}

/**
 * A GET answering `{"data":{"<key>":[...]}}`: what the use case lists, each item presented, or
 * the list presented as a whole (`{ all }`) where its items share a budget.
 */
export function listed<D extends Deps, T>(
  deps: D,
  id: PathId,
  answer: { readonly key: string; readonly description: string; readonly item: TSchema },
  list: (deps: D, principal: Principal, id: string) => Promise<readonly T[]>,
  present: ((item: T) => unknown) | { readonly all: (items: readonly T[]) => unknown },
) {
  return {
    responses: { 200: { description: answer.description, schema: dataEnvelope(answer.key, Type.Array(answer.item)) } },
    handler: async (request: FastifyRequest) => {
      const items = await list(deps, await principalOf(deps, request), inputOf(request, id));
      return { data: { [answer.key]: typeof present === 'function' ? items.map(present) : present.all(items) } };
    },
  };
}

/** A route answering 204 once the use case has removed or cleared what the path names. */
export function removed<D extends Deps, N extends PathInput>(
  deps: D,
  id: N,
  description: string,
  remove: (deps: D, principal: Principal, input: InputOf<N>) => Promise<unknown>,
) {
  return {
    responses: { 204: { description } },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      await remove(deps, await principalOf(deps, request), inputOf(request, id));
      return reply.code(204).send();
    },
  };
}
