/**
 * Options of select fields: static lists from the declaration, or records of another resource
 * loaded through the data provider (cities → states, admins → risk managers, plans → providers).
 */
import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import { CATALOGUES, type CatalogueRegistry } from '../../domain/catalogues';
import type { FieldContext, FieldDeclaration, FormValues, ReferenceOptions, SelectFieldDeclaration, SelectOption } from './types';
import { valueAt } from '../../dataProvider/listQuery';
import { plainText } from '../../domain/plainText';
import { staticOptions } from './values';

/** Reference lists are whole catalogues; the data provider pages in the browser, so ask for all. */
export const ALL_ROWS = { page: 1, perPage: 10_000 };

/** The tenant a form's record belongs to: the one it names, else the user's own (none for an admin's new record yet). */
export const recordTenant = (values: FormValues, ctx: FieldContext): string | undefined => {
  const named = values.riskManager;
  return typeof named === 'string' && named !== '' ? named : (ctx.user.riskManager ?? undefined);
};

/**
 * What a reference select asks for. Rows of a tenant's catalogue (services, shippers…) are offered
 * from the record's own tenant only — an admin editing Gerenciadora Demo's plan must not be offered
 * another risk manager's service, which the server would refuse — and none while the record has no
 * tenant yet. Platform rows (states) and lists addressed by their parent are asked as declared.
 */
export function referenceQuery(reference: ReferenceOptions, tenant: string | undefined): { filter?: Record<string, unknown>; enabled: boolean } {
  const owned = Object.hasOwn(CATALOGUES, reference.resource) && (CATALOGUES as CatalogueRegistry)[reference.resource]?.tenancy === 'riskManager';
  if (!owned) return { filter: reference.filter, enabled: true };
  return { filter: { ...reference.filter, riskManager: tenant }, enabled: tenant !== undefined };
}

export function useReferenceOptions(
  field: SelectFieldDeclaration | undefined,
  ctx: FieldContext,
  enabled = true,
  tenant: string | undefined = ctx.user.riskManager ?? undefined,
): { options: SelectOption[] | undefined; isPending: boolean } {
  const reference = field?.reference;
  const parentId = reference?.parentId?.(ctx);
  const needsParent = reference?.parentId !== undefined;
  const query = reference ? referenceQuery(reference, tenant) : { enabled: false };
  const { data, isPending } = useGetList<FormValues & { id: string }>(
    reference?.resource ?? '__none__',
    {
      pagination: ALL_ROWS,
      sort: { field: reference?.optionLabel ?? 'id', order: 'ASC' },
      filter: query.filter,
      meta: { parentId },
    },
    { enabled: enabled && query.enabled && (!needsParent || parentId !== undefined) },
  );
  const options = useMemo(() => {
    if (!reference) return undefined;
    if (!data) return reference.allOption ? [reference.allOption] : undefined;
    const loaded = data.map((record) => ({
      label: plainText(valueAt(record, reference.optionLabel)),
      value: valueAt(record, reference.optionValue ?? 'id') as SelectOption['value'],
    }));
    return reference.allOption ? [reference.allOption, ...loaded] : loaded;
  }, [data, reference]);
  return { options, isPending: reference !== undefined && isPending };
}

/** Options of one select field of a record of `tenant`, static or loaded. */
export function useFieldOptions(field: FieldDeclaration, ctx: FieldContext, tenant: string | undefined): SelectOption[] | undefined {
  const select = field.type === 'select' ? field : undefined;
  const fixed = staticOptions(field, ctx);
  const { options } = useReferenceOptions(select?.reference ? select : undefined, ctx, true, tenant);
  return fixed ?? options;
}
