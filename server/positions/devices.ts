import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import { API_BASES } from '../../src/domain/endpointPaths';
import { MAX_TRACKER_DEVICES, POSITION_MESSAGES, POSITION_PATHS } from '../../src/domain/positions';
import type { TrackerDevice } from '../../src/domain/positions/contracts';
import type { TrackerDeviceValues } from '../../src/domain/schemas/trackerDevice';
import { recordAudit, type AuditSource } from '../audit/record';
import type { Db } from '../db/client';
import { trackerDevices } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors/httpErrors';
import type { Sendable } from '../shared/route';
import type { AuthUser } from '../shared/session';

/**
 * A provider's tracking devices (docs/rules/positions.md): registered, listed and revoked by the
 * provider's own users only; another provider's device is a 404, as if it did not exist, and
 * nobody else (risk managers, platform admins) manages devices. Registering and revoking are in
 * the audit trail of the provider's risk manager (docs/rules/audit.md), without the identifier:
 * it is the device's credential.
 */

type DeviceRow = Sendable<TrackerDevice>;

const columns = {
  _id: trackerDevices.id,
  name: trackerDevices.name,
  agent: trackerDevices.agent,
  identifier: trackerDevices.identifier,
  createdAt: trackerDevices.createdAt,
  revokedAt: trackerDevices.revokedAt,
};

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 128 random bits as 26 base32 characters (the last one carries 3 bits). */
export function newDeviceIdentifier(): string {
  const bytes = randomBytes(17);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 26) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** The caller's provider; 403 for anyone who is not a provider's user. */
function providerOf(user: AuthUser): string {
  if (user.role.type !== 'service_provider' || !user.serviceProvider) throw forbidden(POSITION_MESSAGES.providersOnly);
  return user.serviceProvider;
}

/** The URL to type into Traccar Client as the server's. */
export const intakeUrl = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}${API_BASES.positions}/${POSITION_PATHS.osmand}`;

/** A device as stored (the columns above). */
interface StoredDevice {
  _id: string;
  name: string;
  agent: string | null;
  identifier: string;
  createdAt: Date;
  revokedAt: Date | null;
}

async function withSetup(publicUrl: string, row: StoredDevice): Promise<DeviceRow> {
  const url = intakeUrl(publicUrl);
  const qrSvg = await QRCode.toString(`${url}?id=${row.identifier}`, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { ...row, url, qrSvg };
}

export async function listTrackerDevices(db: Db, user: AuthUser, publicUrl: string): Promise<DeviceRow[]> {
  const provider = providerOf(user);
  const rows = await db.select(columns).from(trackerDevices).where(eq(trackerDevices.serviceProvider, provider)).orderBy(asc(trackerDevices.createdAt), asc(trackerDevices.id));
  return Promise.all(rows.map((row) => withSetup(publicUrl, row)));
}

/** What the trail keeps of a device: never its identifier. */
const audited = (provider: string, device: Pick<StoredDevice, 'name' | 'agent' | 'revokedAt'>) => ({
  name: device.name,
  agent: device.agent,
  serviceProvider: provider,
  revokedAt: device.revokedAt,
});

export async function createTrackerDevice(db: Db, user: AuthUser, value: TrackerDeviceValues, publicUrl: string, source: AuditSource): Promise<DeviceRow> {
  const provider = providerOf(user);
  const row = await db.transaction(async (tx) => {
    const [mine] = await tx.select({ n: count() }).from(trackerDevices).where(and(eq(trackerDevices.serviceProvider, provider), isNull(trackerDevices.revokedAt)));
    if ((mine?.n ?? 0) >= MAX_TRACKER_DEVICES) throw conflict(POSITION_MESSAGES.tooManyDevices);
    const [created] = await tx
      .insert(trackerDevices)
      .values({ serviceProvider: provider, name: value.name, agent: value.agent, identifier: newDeviceIdentifier() })
      .returning(columns);
    if (!created) throw new Error('tracker device write returned no row');
    await recordAudit(tx, source, { entity: 'trackerDevices', action: 'create', record: created._id, tenant: user.riskManager, after: audited(provider, created) });
    return created;
  });
  return withSetup(publicUrl, row);
}

/** Revokes one of the caller's devices: its identifier answers 404 from now on; its positions stay until the retention. */
export async function revokeTrackerDevice(db: Db, user: AuthUser, id: string, now: Date, source: AuditSource): Promise<void> {
  const provider = providerOf(user);
  await db.transaction(async (tx) => {
    const [device] = await tx
      .select({ name: trackerDevices.name, agent: trackerDevices.agent, revokedAt: trackerDevices.revokedAt })
      .from(trackerDevices)
      .where(and(eq(trackerDevices.id, id), eq(trackerDevices.serviceProvider, provider)))
      .for('update');
    if (!device) throw notFound();
    if (device.revokedAt) throw conflict(POSITION_MESSAGES.alreadyRevoked);
    await tx.update(trackerDevices).set({ revokedAt: now }).where(eq(trackerDevices.id, id));
    const before = audited(provider, device);
    await recordAudit(tx, source, { entity: 'trackerDevices', action: 'update', record: id, tenant: user.riskManager, before, after: { ...before, revokedAt: now } });
  });
}
