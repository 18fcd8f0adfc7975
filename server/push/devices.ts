import { and, count, eq } from 'drizzle-orm';
import type { PushDevice } from '../../src/domain/push/contracts';
import { MAX_PUSH_DEVICES, PUSH_MESSAGES, pushKindsFor, type PushKind } from '../../src/domain/push';
import type { PushSubscribeValues } from '../../src/domain/schemas/pushDevice';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { conflict, forbidden, invalid, notFound } from '../errors/httpErrors';
import type { Sendable } from '../shared/route';
import type { AuthUser } from '../shared/session';

/** A device as the serializer receives it (its instant still a Date). */
type DeviceRow = Sendable<PushDevice>;

/**
 * A user's devices (docs/rules/notifications.md): each user reads, changes and removes only its
 * own; another's device is a 404, as if it did not exist.
 */

const columns = {
  _id: pushSubscriptions.id,
  label: pushSubscriptions.label,
  endpoint: pushSubscriptions.endpoint,
  kinds: pushSubscriptions.kinds,
  createdAt: pushSubscriptions.createdAt,
};

/** The kinds, each once, in the order of the list; one the caller's role cannot hear is a 400 with nothing written. */
function allowedKinds(user: AuthUser, kinds: readonly string[]): PushKind[] {
  const allowed = pushKindsFor(user);
  if (allowed.length === 0) throw forbidden(PUSH_MESSAGES.notAvailable);
  const wrong = kinds.findIndex((kind) => !allowed.includes(kind as PushKind));
  if (wrong >= 0) throw invalid([{ code: 'invalid_enum_value', path: `kinds.${wrong}`, message: PUSH_MESSAGES.kindNotAllowed }]);
  return allowed.filter((kind) => kinds.includes(kind));
}

export function listDevices(db: Db, user: AuthUser): Promise<DeviceRow[]> {
  return db.select(columns).from(pushSubscriptions).where(eq(pushSubscriptions.user, user.id)).orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
}

/**
 * Subscribes the caller's device. The same endpoint again (the browser renewed its subscription, or
 * another login on this browser) takes its row over: one row per device, owned by who signed in last.
 */
export async function subscribeDevice(db: Db, user: AuthUser, value: PushSubscribeValues): Promise<DeviceRow> {
  const kinds = allowedKinds(user, value.kinds);
  return db.transaction(async (tx) => {
    const [mine] = await tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.user, user.id));
    const [same] = await tx.select({ user: pushSubscriptions.user }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, value.endpoint));
    if ((mine?.n ?? 0) >= MAX_PUSH_DEVICES && same?.user !== user.id) throw conflict(PUSH_MESSAGES.tooManyDevices);
    const fields = { user: user.id, p256dh: value.keys.p256dh, auth: value.keys.auth, label: value.label, kinds };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ ...fields, endpoint: value.endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fields })
      .returning(columns);
    if (!row) throw new Error('push subscription write returned no row');
    return row;
  });
}

export async function updateDeviceKinds(db: Db, user: AuthUser, id: string, kinds: readonly string[]): Promise<DeviceRow> {
  const [own] = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.user, user.id)));
  if (!own) throw notFound();
  const chosen = allowedKinds(user, kinds);
  const [row] = await db
    .update(pushSubscriptions)
    .set({ kinds: chosen })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.user, user.id)))
    .returning(columns);
  if (!row) throw notFound();
  return row;
}

export async function removeDevice(db: Db, user: AuthUser, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.user, user.id)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound();
}
