import { sql } from 'drizzle-orm';
import type { ChangeStamps } from '../cache/changeStamps';
import type { Db } from '../db/client';
import type { Notifications } from '../db/notifications';
import { missionMessages } from '../db/schema';
import { unreadOf } from './rows';
import { rowsOf, type Viewer } from './viewer';

/** Users whose counts are kept per instance. */
const MAX_USERS = 100_000;

/**
 * Each user's unread chat counts (the chat badge of the missions screen, docs/rules/missions.md), kept
 * apart from
 * the page's rows, which every user of a scope shares: a new mission changes the page, not what
 * anyone has read. A user's counts are kept under the stamp of its tenant's chat (a message) and of
 * its own reads (changeStamps.ts), and only the missions with a chat at all are ever asked about:
 * a page of missions nobody wrote in costs no query. Before (docs/performance.md): reading every user's
 * counts again after every write was most of
 * the database's work on the embedded PGlite.
 */
export class UnreadCounts {
  private readonly users = new Map<string, { stamp: string; counts: Map<string, number> }>();
  /** Missions with at least one message; null while it is being read (every mission may have one). */
  private withChat: Set<string> | null = null;
  private generation = 0;
  /** Chats heard while the set is read: the read may have been answered before their messages. */
  private heardWhileReading = new Set<string>();

  private constructor(
    private readonly db: Db,
    private readonly stamps: ChangeStamps,
  ) {}

  static async open(db: Db, notifications: Notifications, stamps: ChangeStamps): Promise<UnreadCounts> {
    const counts = new UnreadCounts(db, stamps);
    notifications.on('mission_events', (payload) => counts.heard(payload));
    notifications.on('data_changes', (key) => {
      if (key === '*') void counts.reload();
    });
    notifications.onGap(() => void counts.reload());
    await counts.reload();
    return counts;
  }

  private heard(payload: string): void {
    try {
      const { kind, mission } = JSON.parse(payload) as { kind?: unknown; mission?: unknown };
      if (kind === 'chat' && typeof mission === 'string') (this.withChat ?? this.heardWhileReading).add(mission);
    } catch {
      return;
    }
  }

  /** Reads the missions with messages again (after announcements may have been missed). */
  private async reload(): Promise<void> {
    this.withChat = null;
    const generation = ++this.generation;
    const rows = await rowsOf<{ id: string }>(this.db, sql`select distinct ${missionMessages.mission} as id from ${missionMessages}`);
    // A later reload started meanwhile: its answer is the one to keep.
    if (generation !== this.generation) return;
    this.withChat = new Set([...rows.map((row) => row.id), ...this.heardWhileReading]);
    this.heardWhileReading = new Set();
  }

  /** The viewer's unread counts of `ids`. */
  async of(viewer: Viewer, ids: readonly string[]): Promise<Map<string, number>> {
    const user = viewer.user.id;
    const stamp = this.stamps.stamp([viewer.kind === 'all' ? 'chat:any' : `chat:${viewer.riskManager}`, `unread:${user}`]);
    let known = this.users.get(user);
    if (!known || stamp === null || known.stamp !== stamp) {
      known = { stamp: stamp ?? '', counts: new Map() };
      if (stamp !== null) {
        this.users.delete(user);
        this.users.set(user, known);
        if (this.users.size > MAX_USERS) this.users.delete(this.users.keys().next().value as string);
      }
    }
    const counts = known.counts;
    const withChat = this.withChat;
    const missing = ids.filter((id) => !counts.has(id) && (withChat === null || withChat.has(id)));
    if (missing.length > 0) {
      const read = await unreadOf(this.db, viewer, missing);
      for (const id of missing) counts.set(id, read.get(id) ?? 0);
    }
    return new Map(ids.map((id) => [id, counts.get(id) ?? 0]));
  }
}
