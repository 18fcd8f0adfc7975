import { and, eq } from 'drizzle-orm';
import type { StoredMissionStatus } from '../../src/domain/missions/statuses';
import type { Db } from '../../server/db/client';
import { franchisePlans, missions, requesters, shippers } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/seed';

/**
 * Missions for the details and chat tests, written straight to the tables (the missions routes
 * are another service's): a mission of the demo risk manager in `status`, held by `serviceProvider`.
 */
export async function insertMission(db: Db, status: StoredMissionStatus, serviceProvider: string | null = DEMO_IDS.provider): Promise<string> {
  const riskManager = DEMO_IDS.riskManager;
  const [shipper] = await db.select({ id: shippers.id }).from(shippers).where(eq(shippers.riskManager, riskManager)).limit(1);
  const [plan] = await db.select({ id: franchisePlans.id }).from(franchisePlans).where(eq(franchisePlans.riskManager, riskManager)).limit(1);
  const [requester] = await db
    .select({ id: requesters.id })
    .from(requesters)
    .where(and(eq(requesters.riskManager, riskManager)))
    .limit(1);
  if (!shipper || !plan || !requester) throw new Error('demo seed without shipper, plan or requester');
  const [row] = await db
    .insert(missions)
    .values({ riskManager, shipper: shipper.id, franchisePlan: plan.id, requester: requester.id, status, serviceProvider, city: 'São Paulo', state: 'SP' })
    .returning({ id: missions.id });
  if (!row) throw new Error('mission not inserted');
  return row.id;
}

/** A multipart/form-data body for app.inject: text fields and at most the files given. */
export function multipart(fields: Record<string, string>, files: { name: string; filename: string; type: string; bytes: Buffer }[] = []) {
  const boundary = `----teste${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const EVIL_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
