import type { FastifyReply } from 'fastify';
import { answered, type Answered } from '../cache/readyJson';

/**
 * What a handler may answer with a reply it sent itself (route(), server/shared/route.ts): bytes
 * serialised ahead (server/cache/readyJson.ts, where `Answered` is declared, below this folder) or
 * a 204 without a body.
 */
export { answered, type Answered };

/** 204: the write is done and there is nothing to send back. */
export const noContent = (reply: FastifyReply): Answered<null> => answered<null>(reply.status(204).send());
