/**
 * The live stream's ticket call (docs/operations/several-instances.md; base /api/missions) as a
 * contract (src/domain/contract.ts): the route (server/live/routes.ts) and the data provider's call
 * (src/dataProvider/liveApi.ts) are made from it. The stream itself is an EventSource, not a call.
 */
import { defineContract, EMPTY_BODY } from '../contract';
import type { FromSchema } from '../fromSchema';
import { exactObject, instant, text } from '../jsonSchemaParts';
import { LIVE_PATHS } from './index';

const liveTicketSchema = exactObject({ ticket: text, expiresAt: instant }, { description: 'Ticket de uso único para abrir o stream ao vivo.' });

/** POST live/ticket answers this: single use, valid for LIVE_TICKET_TTL_MS. */
export type LiveTicket = FromSchema<typeof liveTicketSchema>;

export const LIVE_CONTRACTS = {
  ticket: defineContract({
    method: 'POST',
    base: 'missions',
    path: LIVE_PATHS.ticket,
    summary: 'Ticket de uso único para o stream ao vivo',
    body: EMPTY_BODY,
    responses: { 201: liveTicketSchema },
  }),
};
