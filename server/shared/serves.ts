import type { FastifyReply } from 'fastify';
import type { Contract } from '../../src/domain/contract';
import { route, type ContractRequest, type HandlerAnswer, type NoExtraFields } from './route';
import type { TypedApp } from './schemaTypes';

/**
 * One endpoint's handler as its feature hands it to the server's route table
 * (server/http/routeTable.ts, docs/architecture.md "De uma URL ao código"): the contract it serves
 * and how to register it. The handler is typed by its contract here, exactly as route() types it
 * (server/shared/route.ts): the request read as the schemas say, the answer of the success
 * schema's shape and no field beyond it. Only the table registers it, in the scope its row names.
 */
export interface Served<C extends Contract = Contract> {
  readonly contract: C;
  /** Registers the route through route() in `scope`, whose prefix is the contract's base. */
  readonly mount: (scope: TypedApp) => void;
}

export function serves<const C extends Contract, R extends HandlerAnswer<C> | Promise<HandlerAnswer<C>>>(
  contract: C,
  handler: (request: ContractRequest<C>, reply: FastifyReply) => R,
  ...exact: NoExtraFields<R, C>
): Served<C> {
  return { contract, mount: (scope) => route(scope, contract, handler, ...exact) };
}
