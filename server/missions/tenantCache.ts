import type { ChangeStamps } from '../cache/changeStamps';
import { StampedCache } from '../cache/stampedCache';
import type { Viewer } from './viewer';

/**
 * Answers of the missions screen kept in memory per key under the viewer's tenant stamp: it moves
 * with every write to the tenant's missions and proposals (mission_versions, replaced by triggers in
 * the writer's transaction, migration 0008, announced by 0019), and with
 * every write to a table whose names the screen shows ('mission_names'). The monitoring total and
 * page are cached this way: screens poll every few seconds and most polls find nothing changed, so
 * they cost no database round trip at all.
 *
 * With several instances on one PostgreSQL, another instance's write reaches this one's stamps
 * through the same announcement, within the time PostgreSQL takes to deliver it; a writer answers
 * only once its own instance has heard its change (Notifications.settle, plugins/settle.ts).
 */
export class TenantCache<T> {
  private readonly cache: StampedCache<T>;

  constructor(stamps: ChangeStamps, maxEntries: number) {
    this.cache = new StampedCache(stamps, maxEntries);
  }

  /**
   * `compute` under the viewer's stamp (and `alsoDepends`), keyed by the viewer's scope and `key`.
   * Only for answers drawn from what the stamps cover: missions, proposals and the names shown
   * with them (chat: `alsoDepends`).
   */
  async get(viewer: Viewer, key: unknown[], compute: () => Promise<T>, alsoDepends: readonly string[] = []): Promise<T> {
    const scope = viewer.kind === 'all' ? 'all' : viewer.kind === 'tenant' ? `rm:${viewer.riskManager}` : `sp:${viewer.provider}`;
    const depends = ['tenants', viewer.kind === 'all' ? 'tenant:any' : `tenant:${viewer.riskManager}`, ...alsoDepends];
    return (await this.cache.get(JSON.stringify([scope, ...key]), depends, compute)).value;
  }
}
