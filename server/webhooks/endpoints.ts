import { and, asc, count, eq, sql } from 'drizzle-orm';
import { canManageWebhooks, MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES, WEBHOOK_ROTATION_HOURS } from '../../src/domain/webhooks';
import type { CreatedWebhookEndpoint, RotatedWebhookSecret, WebhookEndpoint } from '../../src/domain/webhooks/contracts';
import type { WebhookEndpointUpdateValues, WebhookEndpointValues } from '../../src/domain/schemas/webhookEndpoint';
import { isId } from '../../src/domain/ids';
import { recordAudit, type AuditSource } from '../audit/record';
import type { WebhookConfig } from '../config';
import type { Db } from '../db/client';
import { webhookEndpoints } from '../db/schema';
import { conflict, forbidden, invalid, notFound } from '../errors/httpErrors';
import type { Sendable } from '../shared/route';
import type { AuthUser } from '../shared/session';
import { resolveOwner, scopeOf, tenantWhere, type Scope } from '../shared/tenancy';
import { urlRefusal } from './post';
import { newWebhookSecret } from './signing';

/**
 * A risk manager's webhook endpoints (docs/rules/webhooks.md): managed by its Administrador and TI
 * users, and by platform admins for any tenant; another tenant's endpoint is a 404, as if it did not
 * exist. The secret is answered only when made (creation, 'Rotacionar segredo') and never enters
 * the audit trail.
 */

type EndpointRow = Sendable<WebhookEndpoint>;

const columns = {
  _id: webhookEndpoints.id,
  riskManager: webhookEndpoints.riskManager,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  disabledReason: webhookEndpoints.disabledReason,
  disabledAt: webhookEndpoints.disabledAt,
  previousSecretUntil: webhookEndpoints.previousSecretUntil,
  createdAt: webhookEndpoints.createdAt,
};

/** The caller's scope; 403 for anyone outside the 'Integrações' profiles and for a key without webhooks:manage. */
export function managerScope(user: AuthUser): Scope {
  const allowed = user.apiKeyScopes ? user.apiKeyScopes.includes('webhooks:manage') : canManageWebhooks(user.role);
  if (!allowed) throw forbidden(WEBHOOK_MESSAGES.notAllowed);
  return scopeOf(user);
}

const audited = (row: Pick<EndpointRow, 'url' | 'events' | 'active'>) => ({ url: row.url, events: row.events, active: row.active });

/** 400 on the url field when this server may not call it (http:// without WEBHOOK_ALLOW_HTTP, an internal literal address). */
function checkReachable(url: string, config: WebhookConfig) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !config.allowHttp) throw invalid([{ code: 'invalid_url', path: 'url', message: WEBHOOK_MESSAGES.urlNotHttps }]);
  if (urlRefusal(parsed, config)) throw invalid([{ code: 'invalid_url', path: 'url', message: WEBHOOK_MESSAGES.urlPrivate }]);
}

export async function listEndpoints(db: Db, user: AuthUser, riskManager: string | undefined): Promise<EndpointRow[]> {
  const scope = managerScope(user);
  const tenant = scope.all ? (isId(riskManager) ? eq(webhookEndpoints.riskManager, riskManager) : undefined) : tenantWhere(scope, webhookEndpoints.riskManager);
  return db.select(columns).from(webhookEndpoints).where(tenant).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

/** One endpoint of the caller's scope, locked for the write; 404 when it is not there or not the caller's. */
async function ownEndpoint(tx: Db, scope: Scope, id: string) {
  const [row] = await tx
    .select(columns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), tenantWhere(scope, webhookEndpoints.riskManager)))
    .for('update');
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

export async function createEndpoint(db: Db, user: AuthUser, value: WebhookEndpointValues, config: WebhookConfig, source: AuditSource): Promise<Sendable<CreatedWebhookEndpoint>> {
  managerScope(user);
  const owner = await resolveOwner(db, user, value);
  if (!owner) throw invalid([{ code: 'required', path: 'riskManager', message: WEBHOOK_MESSAGES.riskManagerRequired }]);
  checkReachable(value.url, config);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    // The tenant's row serialises two creations racing for the last place.
    await tx.execute(sql`select id from risk_managers where id = ${owner} for update`);
    const [mine] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.riskManager, owner));
    if ((mine?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw conflict(WEBHOOK_MESSAGES.tooMany);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ riskManager: owner, url: value.url, events: [...new Set(value.events)], active: value.active, secret })
      .returning(columns);
    if (!created) throw new Error('webhook endpoint write returned no row');
    await recordAudit(tx, source, { entity: 'webhooks', action: 'create', record: created._id, tenant: owner, after: audited(created) });
    return { ...created, secret };
  });
}

/** Changes the address, events or switch; turning it back on clears why the server had turned it off. */
export async function updateEndpoint(db: Db, user: AuthUser, id: string, value: WebhookEndpointUpdateValues, config: WebhookConfig, source: AuditSource): Promise<EndpointRow> {
  const scope = managerScope(user);
  checkReachable(value.url, config);
  return db.transaction(async (tx) => {
    const before = await ownEndpoint(tx, scope, id);
    const reopened = value.active && !before.active;
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        url: value.url,
        events: [...new Set(value.events)],
        active: value.active,
        ...(value.active ? { disabledReason: null, disabledAt: null } : {}),
        ...(reopened ? { failingSince: null } : {}),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning(columns);
    if (!after) throw notFound(WEBHOOK_MESSAGES.notFound);
    await recordAudit(tx, source, { entity: 'webhooks', action: 'update', record: id, tenant: before.riskManager, before: audited(before), after: audited(after) });
    return after;
  });
}

export async function removeEndpoint(db: Db, user: AuthUser, id: string, source: AuditSource): Promise<void> {
  const scope = managerScope(user);
  await db.transaction(async (tx) => {
    const before = await ownEndpoint(tx, scope, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, source, { entity: 'webhooks', action: 'delete', record: id, tenant: before.riskManager, before: audited(before) });
  });
}

/** A new secret; the current one keeps signing beside it for WEBHOOK_ROTATION_HOURS, so receivers can switch without losing a message. */
export async function rotateSecret(db: Db, user: AuthUser, id: string, now: Date, source: AuditSource): Promise<RotatedWebhookSecret> {
  const scope = managerScope(user);
  const secret = newWebhookSecret();
  const until = new Date(now.getTime() + WEBHOOK_ROTATION_HOURS * 3_600_000);
  return db.transaction(async (tx) => {
    const before = await ownEndpoint(tx, scope, id);
    await tx
      .update(webhookEndpoints)
      .set({ secret, previousSecret: sql`${webhookEndpoints.secret}`, previousSecretUntil: until })
      .where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, source, { entity: 'webhooks', action: 'update', record: id, tenant: before.riskManager, before: { rotatedAt: null }, after: { rotatedAt: now } });
    return { secret, previousSecretUntil: until.toISOString() };
  });
}

/** The endpoint of the caller's scope (for its deliveries), without locking it. */
export async function visibleEndpoint(db: Db, user: AuthUser, id: string) {
  const scope = managerScope(user);
  const [row] = await db
    .select(columns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), tenantWhere(scope, webhookEndpoints.riskManager)));
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}
