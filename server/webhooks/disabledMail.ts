import { sql } from 'drizzle-orm';
import { WEBHOOK_DISABLED_LABELS } from '../../src/domain/webhooks';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { DisabledEndpoint } from './delivery';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The e-mail to the risk manager's Administrador users when the server turned one of its webhooks
 * off (docs/rules/webhooks.md): what happened and where to turn it back on.
 */
export async function mailDisabledEndpoint(db: Db, mailer: Mailer, publicUrl: string, endpoint: DisabledEndpoint): Promise<void> {
  const rows = rowsOf<{ email: string }>(await db.execute(sql`
    select email from users
    where risk_manager_id = ${endpoint.riskManager} and role_type = 'risk_manager' and perfil = 'admin' and active
    order by email`));
  if (rows.length === 0) return;
  await mailer.send({
    to: rows.map((row) => row.email).join(', '),
    subject: 'Webhook desativado',
    text: [
      `O webhook ${endpoint.url} foi desativado.`,
      `${WEBHOOK_DISABLED_LABELS[endpoint.reason]}.`,
      'As mensagens pendentes ficam guardadas e são entregues quando ele for reativado.',
      `Reative em: ${publicUrl.replace(/\/$/, '')}/home/integracoes/webhooks`,
    ].join('\n'),
  });
}
