/**
 * The live stream's ticket call and the stream itself (docs/operations/several-instances.md; base
 * /api/missions) as contracts (src/domain/contract.ts): the routes (server/live/handlers.ts) and the
 * data provider's ticket call (src/dataProvider/liveApi.ts) are made from them. The stream is opened
 * by an EventSource, not a call (liveStreamUrl).
 */
import { API_ANSWERS } from '../apiAnswers';
import { defineContract, EMPTY_BODY } from '../contract';
import type { FromSchema } from '../fromSchema';
import { ID_PATTERN } from '../ids';
import { exactObject, instant, text } from '../jsonSchemaParts';
import { LIVE_PATHS } from './index';

const liveTicketSchema = exactObject({ ticket: text, expiresAt: instant }, { description: 'Ticket de uso único para abrir o stream ao vivo.' });

/** The stream's ticket (its credential: EventSource sends no header) and the last event its client saw. */
const streamQuery = {
  type: 'object',
  required: ['ticket'],
  properties: {
    ticket: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' },
    lastEventId: { type: 'string', pattern: ID_PATTERN.source },
  },
  additionalProperties: false,
} as const;

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
  }),  stream: defineContract({
    method: 'GET',
    base: 'missions',
    path: LIVE_PATHS.stream,
    summary: 'Eventos ao vivo das missões (stream, autorizado pelo ticket)',
    query: streamQuery,
    responses: API_ANSWERS.liveStream,
  }),
};
