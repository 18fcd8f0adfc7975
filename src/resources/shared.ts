/**
 * Declaration pieces every catalogue repeats: the read-only id, name and active fields, the
 * risk-manager select (docs/rules/catalogues.md, docs/rules/tenancy-and-roles.md: only at creation, only
 * for users without a risk manager of
 * their own) and the write permissions of docs/rules/tenancy-and-roles.md.
 */
import type { AnyObjectSchema } from 'yup';
import { CATALOGUES, type CatalogueEntry } from '../domain/catalogues';
import { canWriteEntry, isCatalogueAdmin, isPlatformAdmin, showRiskManagerField, type CatalogueEntity } from '../domain/permissions';
import { withRequiredRiskManager } from '../domain/schemas';
import { maskCep, maskCnpj, maskPhone } from '../domain/masks';
import { normalizeCep } from '../domain/validators/cep';
import { normalizeCnpj } from '../domain/validators/cnpj';
import { normalizePhone } from '../domain/validators/phone';
import type { CurrentUser } from '../authProvider/useCurrentUser';
import type { AccessRules, FieldContext, FieldDeclaration, Mask, SelectFieldDeclaration } from './framework/types';

/** The record id, shown read-only when a record is opened (docs/rules/catalogues.md: "_id (read-only on edit)"). */
export const idField: FieldDeclaration<'id'> = {
  source: 'id',
  label: 'ID',
  type: 'text',
  readOnly: true,
  hidden: (ctx) => ctx.mode === 'create',
};

export const nameField = (label = 'Nome'): FieldDeclaration<'name'> => ({ source: 'name', label, type: 'text' });

/** The active toggle, on by default (docs/rules/catalogues.md). */
export const activeField: FieldDeclaration<'active'> = { source: 'active', label: 'Ativo', type: 'boolean', defaultValue: true };

export const riskManagerVisible = (ctx: FieldContext): boolean => showRiskManagerField(ctx.user, ctx.mode);

/** The risk-manager select, loaded from GET /api/risk-managers/info when it shows. */
export const riskManagerField = (label = 'Gestora de risco'): SelectFieldDeclaration<'riskManager'> => ({
  source: 'riskManager',
  label,
  type: 'select',
  reference: { resource: 'riskManagers', optionLabel: 'name' },
  hidden: (ctx) => !riskManagerVisible(ctx),
});

/**
 * The entity's schema, with riskManager required when the select shows (admins creating); a
 * risk-manager user's records are bound to theirs by the server.
 */
export const schemaWithRiskManager =
  <S extends AnyObjectSchema>(schema: S, message?: string) =>
  (ctx: FieldContext): S =>
    // Same fields, riskManager now required: the values' type is the schema's.
    riskManagerVisible(ctx) ? (withRequiredRiskManager(schema, message) as unknown as S) : schema;

/** docs/rules/tenancy-and-roles.md tile rule of most catalogues: perfil admin of an admin or risk-manager role. */
export const seenByCatalogueAdmins = (user: CurrentUser): boolean => isCatalogueAdmin(user.role);

/** docs/rules/tenancy-and-roles.md tile rule of states and cities: perfil admin of role type admin. */
export const seenByPlatformAdmins = (user: CurrentUser): boolean => isPlatformAdmin(user.role);

/** Create, edit and delete as docs/rules/tenancy-and-roles.md allows for the entity (child lists follow their parent). */
export const catalogueAccess = (entity: CatalogueEntity): AccessRules => catalogueEntryAccess(CATALOGUES[entity]);

/** catalogueAccess of a registry entry. */
export const catalogueEntryAccess = (entry: Pick<CatalogueEntry, 'tenancy'>): AccessRules => {
  const can = (user: { role: Parameters<typeof canWriteEntry>[1] }) => canWriteEntry(entry, user.role);
  return { create: can, edit: can, delete: can };
};

/**
 * What a masked field stores is what it shows, unformatted: the mask caps the length and the
 * domain's normalisation (the schemas' own) strips the layout.
 */
const storedAsShown =
  (format: (raw: string) => string, normalize: (text: string) => string) =>
  (typed: string): string =>
    normalize(format(typed));

/** CNPJ shown 00.000.000/0000-00, stored unformatted and upper-case (alphanumeric allowed, docs/rules/validation.md). */
export const cnpjMask: Mask = { format: maskCnpj, parse: storedAsShown(maskCnpj, normalizeCnpj) };

/** Phones shown (00) 00000-0000 (or +55 …), stored unformatted; an empty phone shows '-' (docs/rules/catalogues.md). */
export const phoneMask: Mask = { format: maskPhone, parse: storedAsShown(maskPhone, normalizePhone), emptyText: '-' };

/** CEP shown 00000-000, stored as its 8 digits (docs/rules/validation.md). */
export const cepMask: Mask = { format: maskCep, parse: storedAsShown(maskCep, normalizeCep) };
