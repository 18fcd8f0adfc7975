import type { FastifyReply } from 'fastify';

declare const ANSWER: unique symbol;

/**
 * A reply the handler has already sent itself, for an answer of type `T`: bytes serialised ahead
 * (server/cache/readyJson.ts) or a 204 without a body. route() (server/shared/route.ts) accepts it
 * only where `T` is the contract's success answer, so a handler cannot send another shape this way.
 */
export type Answered<T> = FastifyReply & { readonly [ANSWER]: T };

/** Marks a sent reply as the answer of type `T` (the caller vouches for the bytes). */
export const answered = <T>(reply: FastifyReply): Answered<T> => reply as Answered<T>;

/** 204: the write is done and there is nothing to send back. */
export const noContent = (reply: FastifyReply): Answered<null> => answered<null>(reply.status(204).send());
