import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { dayText, EXPIRY_WARNING_DAYS, expiryWarning, saoPauloDay } from '../../src/domain/agents/licence';
import type { Db } from '../db/client';
import { expiryWarnings, rosterAgents, serviceProviders, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { startPeriodicPass, type PassLog } from '../shared/periodicPass';

/**
 * The expiry warnings (docs/rules/agents.md): 30 days before a roster agent's CNV or the provider's
 * Polícia Federal authorisation expires, the provider's active Administrador users are e-mailed,
 * once per document and validity. Once, also with several instances: the warning's row is
 * inserted (ON CONFLICT DO NOTHING on its unique index) and the mail sent in the same transaction
 * — another instance's insert waits for that commit and then finds the row; a mail server that
 * refuses rolls the row back, so the next pass tries again rather than losing it.
 */

/** Hourly: the window is counted in days, and a pass after a restart need not wait a day. */
export const EXPIRY_WARNING_INTERVAL_MS = 3_600_000;

interface DueDocument {
  document: string;
  validUntil: string;
  provider: string;
  what: string;
}

/** The documents valid today and expiring within the window, not warned yet. */
async function dueDocuments(db: Db, today: string, last: string): Promise<DueDocument[]> {
  const warned = (document: ReturnType<typeof sql>, validUntil: ReturnType<typeof sql>) =>
    sql`not exists (select 1 from ${expiryWarnings} w where w.document = ${document} and w.valid_until = ${validUntil})`;
  const [agents, providers] = await Promise.all([
    db
      .select({ id: rosterAgents.id, name: rosterAgents.name, validUntil: rosterAgents.cnvValidUntil, provider: rosterAgents.serviceProvider })
      .from(rosterAgents)
      .where(
        and(
          eq(rosterAgents.active, true),
          gte(rosterAgents.cnvValidUntil, today),
          lte(rosterAgents.cnvValidUntil, last),
          warned(sql`'cnv:' || ${rosterAgents.id}`, sql`${rosterAgents.cnvValidUntil}`),
        ),
      ),
    db
      .select({ id: serviceProviders.id, validUntil: serviceProviders.pfAuthorizationValidUntil })
      .from(serviceProviders)
      .where(
        and(
          isNotNull(serviceProviders.pfAuthorizationValidUntil),
          gte(serviceProviders.pfAuthorizationValidUntil, today),
          lte(serviceProviders.pfAuthorizationValidUntil, last),
          warned(sql`'pf:' || ${serviceProviders.id}`, sql`${serviceProviders.pfAuthorizationValidUntil}`),
        ),
      ),
  ]);
  return [
    ...agents.map((a) => ({ document: `cnv:${a.id}`, validUntil: a.validUntil, provider: a.provider, what: `A CNV do agente ${a.name}` })),
    ...providers.flatMap((p) =>
      p.validUntil ? [{ document: `pf:${p.id}`, validUntil: p.validUntil, provider: p.id, what: 'A autorização da Polícia Federal da prestadora' }] : [],
    ),
  ];
}

export function expiryMail(due: DueDocument, today: string, publicUrl: string): { subject: string; text: string } {
  return {
    subject: `Vencimento em breve — ${due.what} (${dayText(due.validUntil)})`,
    text: [
      `${expiryWarning(due.what, due.validUntil, today)}.`,
      'Depois dessa data, um agente com a CNV vencida não pode ser colocado em uma missão, e uma prestadora com a autorização vencida não envia propostas.',
      `Atualize o cadastro: ${publicUrl.replace(/\/$/, '')}/home/agents`,
    ].join('\n'),
  };
}

/** One pass: e-mails each due warning once; answers how many were sent. */
export async function sendExpiryWarnings(db: Db, mailer: Mailer, publicUrl: string, now: Date): Promise<number> {
  const today = saoPauloDay(now);
  const last = new Date(Date.parse(`${today}T12:00:00Z`) + EXPIRY_WARNING_DAYS * 86_400_000).toISOString().slice(0, 10);
  let sent = 0;
  for (const due of await dueDocuments(db, today, last)) {
    const done = await db.transaction(async (tx) => {
      const [taken] = await tx.insert(expiryWarnings).values({ document: due.document, validUntil: due.validUntil }).onConflictDoNothing().returning({ document: expiryWarnings.document });
      if (!taken) return false;
      const admins = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.serviceProvider, due.provider), eq(users.roleType, 'service_provider'), eq(users.perfil, 'admin'), eq(users.active, true)));
      // Nobody to write to: recorded all the same; the notice on the roster screen still shows it.
      if (admins.length > 0) await mailer.send({ to: admins.map((a) => a.email).join(', '), ...expiryMail(due, today, publicUrl) });
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

/** The pass on every instance; answers the function that stops it. */
export function startExpiryWarnings(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  log: PassLog,
  now: () => Date = () => new Date(),
  intervalMs = EXPIRY_WARNING_INTERVAL_MS,
): () => Promise<void> {
  return startPeriodicPass({
    run: () => sendExpiryWarnings(deps.db, deps.mailer, deps.publicUrl, now()),
    intervalMs,
    log,
    done: 'avisos de vencimento de CNV e autorização enviados por e-mail',
    failed: 'envio dos avisos de vencimento falhou',
  });
}
