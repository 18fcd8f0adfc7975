import type { FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../src/domain/integrations/apiKeys';
import type { SessionUser } from '../../src/domain/roles';
import { HTTP_MESSAGES, unauthorized } from '../errors/httpErrors';

/**
 * The authenticated caller, as every route sees it. Tenancy is derived from this, never from the
 * body. An API key (server/integrations/keyAuth.ts) also carries its scopes, for the services whose
 * people-only rule a scope stands in for (webhooks:manage).
 */
export type AuthUser = SessionUser & { apiKeyScopes?: readonly ApiKeyScope[] };

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless a valid, current token is sent in x-access-token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (user: AuthUser & { tokenVersion: number }) => Promise<string>;
  }
}

/** For routes behind `authenticate`: the user is always set there. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(HTTP_MESSAGES.missingToken);
  return request.user;
}
