import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { TokenClaims } from '../../../src/domain/roles';
import type { AuthUser } from '../../shared/session';
import { isPerfil, isRoleType } from '../../../src/domain/roles';
import type { Db } from '../../db/client';
import { userColumns, users } from '../../db/schema';
import { HTTP_MESSAGES, unauthorized } from '../../errors/httpErrors';
import type { ChangeStamps } from '../../cache/changeStamps';
import { StampedCache } from '../../cache/stampedCache';
import { hmacKey, tokenVerifier } from './verifiedTokens';
import { isId } from '../../../src/domain/ids';
import { apiKeyAuthenticator, bearerKey } from '../../integrations/keyAuth';

export interface AuthOptions {
  db: Db;
  secret: string;
  ttlSeconds: number;
  stamps: ChangeStamps;
  now: () => Date;
  /** Calls one API key may make per minute (server/integrations/keyAuth.ts). */
  apiKeyCallsPerMinute: number;
}

/** A user as the token check needs it, kept in memory under the stamp of its row. */
interface KnownUser {
  user: AuthUser;
  active: boolean;
  tokenVersion: number;
}

/** Users kept in memory per instance: each entry is a few hundred bytes. */
const MAX_KNOWN_USERS = 100_000;

export default fp<AuthOptions>(async function authPlugin(app, { db, secret, ttlSeconds, stamps, now, apiKeyCallsPerMinute }) {
  const key = await hmacKey(secret);
  const verify = tokenVerifier(key);
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  const keys = apiKeyAuthenticator({ db, now, callsPerMinute: apiKeyCallsPerMinute });
  app.addHook('onResponse', (request, reply) => keys.recordCall(request, reply));

  app.decorate('signToken', async (user: AuthUser & { tokenVersion: number }) => {
    const claims: Omit<TokenClaims, 'sub' | 'iat' | 'exp'> = {
      riskManager: user.riskManager,
      serviceProvider: user.serviceProvider,
      name: user.name,
      email: user.email,
      role: user.role,
      ver: user.tokenVersion,
    };
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(key);
  });

  // Prepared once: building the query on every request cost as much as running it (docs/performance.md).
  const userById = db
    .select({ ...userColumns, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_user_by_id');

  /**
   * The user as its row is now. Reset, deactivation and a new profile must take effect on the very
   * next request, so the row is the authority; it is read once and then kept under the stamp of
   * `user:{id}`, which the users trigger moves in the writer's transaction (migration 0022), on
   * every instance (server/cache/changeStamps.ts). A cached request asks nothing of the database.
   */
  const knownUsers = new StampedCache<KnownUser | null>(stamps, MAX_KNOWN_USERS);
  const knownUser = async (id: string): Promise<KnownUser | null> =>
    (
      await knownUsers.get(id, [`user:${id}`], async () => {
        const [row] = await userById.execute({ id });
        if (!row || !isRoleType(row.roleType) || !isPerfil(row.perfil)) return null;
        return {
          active: row.active,
          tokenVersion: row.tokenVersion,
          user: {
            id: row.id,
            name: row.name,
            email: row.email,
            role: { type: row.roleType, perfil: row.perfil },
            riskManager: row.riskManager,
            serviceProvider: row.serviceProvider,
          },
        };
      })
    ).value;

  app.decorate('authenticate', async (request: FastifyRequest) => {
    // Another system's API key (docs/rules/integrations.md); a person's session token otherwise.
    const apiKey = bearerKey(request.headers.authorization);
    if (apiKey !== null) return keys.authenticate(request, apiKey);
    const token = request.headers['x-access-token'];
    if (typeof token !== 'string' || token === '') throw unauthorized(HTTP_MESSAGES.missingToken);
    let claims: TokenClaims;
    try {
      claims = await verify(token);
    } catch {
      throw unauthorized(HTTP_MESSAGES.invalidToken);
    }
    const known = typeof claims.sub === 'string' && isId(claims.sub) ? await knownUser(claims.sub) : null;
    if (!known || !known.active || known.tokenVersion !== claims.ver) throw unauthorized(HTTP_MESSAGES.invalidToken);
    request.user = known.user;
  });
});
