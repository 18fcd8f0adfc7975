import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { LiveMissionEvent } from '../../src/domain/live';
import type { LiveTicket } from '../../src/domain/live/contracts';
import type { Db } from '../../server/db/client';
import { newId } from '../../server/db/ids';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';

/** One Server-Sent Event as a browser's EventSource would parse it. */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: LiveMissionEvent;
  /** A comment line (heartbeat) instead of an event. */
  comment?: string;
  at: number;
}

export interface SseStream {
  status: number;
  contentType: string | undefined;
  frames: SseFrame[];
  /** Resolves when the server ends the response. */
  ended: Promise<void>;
  /** The next event frame (comments skipped unless asked) arriving within `ms`, or a failure. */
  next(ms?: number, comments?: boolean): Promise<SseFrame>;
  close(): void;
}

/** A ticket through the real endpoint. */
export async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/missions/live/ticket', headers: { 'x-access-token': token } });
  if (response.statusCode !== 201) throw new Error(`ticket → ${response.statusCode} ${response.body}`);
  return response.json<LiveTicket>().ticket;
}

/** Opens GET {base}/api/missions/live?… on a listening server and parses what it streams. */
export function openStream(base: string, query: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return openSse(`${base}/api/missions/live?${query}`, headers);
}

/** Opens any event stream (`url` on a listening server) and parses what it streams. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res: IncomingMessage) => {
      const frames: SseFrame[] = [];
      let cursor = 0;
      let buffer = '';
      let wake: (() => void) | null = null;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: SseFrame = { at: Date.now() };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim();
            else if (line.startsWith('id: ')) frame.id = line.slice(4);
            else if (line.startsWith('event: ')) frame.event = line.slice(7);
            else if (line.startsWith('data: ')) frame.data = JSON.parse(line.slice(6)) as LiveMissionEvent;
          }
          if (frame.comment !== undefined || frame.event) frames.push(frame);
          wake?.();
        }
      });
      const ended = new Promise<void>((done) => res.on('end', done));
      resolve({
        ended,
        status: res.statusCode ?? 0,
        contentType: res.headers['content-type'],
        frames,
        async next(ms = 1000, comments = false) {
          const deadline = Date.now() + ms;
          for (;;) {
            while (cursor < frames.length) {
              const frame = frames[cursor++]!;
              if (frame.event || comments) return frame;
            }
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`no event within ${ms} ms`);
            await new Promise<void>((done) => {
              const timer = setTimeout(done, left);
              wake = () => {
                clearTimeout(timer);
                done();
              };
            });
            wake = null;
          }
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

/** A mission row written straight to the database (the missions service is not under test here). */
export async function insertMission(
  db: Db,
  riskManager: string,
  status: 'open' | 'started' = 'open',
  holder: string | null = null,
): Promise<string> {
  const id = newId();
  await db.execute(sql`insert into missions (id, risk_manager_id, shipper_id, franchise_plan_id, requester_id, status, service_provider_id, latitude, longitude)
    values (${id}, ${riskManager}, ${CATALOGUE_IDS.shipperAndrade}, ${CATALOGUE_IDS.planAndrade}, ${CATALOGUE_IDS.requesterNorte}, ${status}, ${holder}, -23.56, -46.65)`);
  return id;
}

/** One mission event, as the missions service writes it (its trigger announces it on commit). */
export async function insertEvent(db: Db, mission: string, action = 'created', provider: string | null = null): Promise<string> {
  const id = newId();
  await db.execute(sql`insert into mission_events (id, mission_id, actor_name, role_type, action, service_provider_id)
    values (${id}, ${mission}, 'Teste', 'risk_manager', ${action}, ${provider})`);
  return id;
}
