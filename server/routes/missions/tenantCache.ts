import type { TenantTokens } from './tenantTokens';
import type { Viewer } from './viewer';

/**
 * Answers kept in memory per key under the viewer's tenant token: mission_versions, replaced by
 * triggers in the same transaction as every write to missions, proposals and their chat
 * (migrations 0008, 0018), followed by the 'mission_names' token, replaced by every write to a
 * table whose names the missions screen shows. The monitoring total and page are cached this way:
 * screens poll every few seconds and most polls find nothing changed, so they cost one primary-key
 * read (none at all on PGlite, see tenantTokens.ts) instead of the page's query (on the embedded
 * PGlite every query runs on the one thread that also serves every other request).
 *
 * Why a token in the database rather than invalidating on our own writes or a short TTL: with
 * several server instances on one PostgreSQL, another instance's write must invalidate this
 * instance's cache at once (a provider's new proposal must change the risk manager's screen on the
 * next poll), and a token read is one primary-key lookup.
 *
 * Order matters: the token is read before the answer is computed. A write committing in between
 * leaves an answer newer than its key, which only costs one extra computation on the next poll;
 * the reverse (an old answer under a new key) cannot happen.
 */
export class TenantCache<T> {
  private readonly cache = new Map<string, { token: string; value: T }>();

  /** `maxEntries` bounds the memory whatever the filters sent: oldest first out. */
  constructor(
    private readonly tokens: TenantTokens,
    private readonly maxEntries: number,
  ) {}

  /**
   * `compute` under the viewer's token, keyed by the viewer's scope and `key`. Only for answers
   * drawn from what the tokens cover: missions, proposals, their chat and the names shown with them.
   */
  async get(viewer: Viewer, key: unknown[], compute: () => Promise<T>): Promise<T> {
    const scope = viewer.kind === 'all' ? 'all' : viewer.kind === 'tenant' ? `rm:${viewer.riskManager}` : `sp:${viewer.provider}`;
    const id = JSON.stringify([scope, ...key]);
    const token = await this.tokens.of(viewer);
    const hit = this.cache.get(id);
    if (token !== null && hit?.token === token) return hit.value;
    const value = await compute();
    if (token !== null) {
      this.cache.delete(id);
      this.cache.set(id, { token, value });
      if (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    }
    return value;
  }
}
