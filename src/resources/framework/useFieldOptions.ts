/**
 * Options of select fields: static lists from the declaration, or records of another resource
 * loaded through the data provider (cities → states, admins → risk managers, plans → providers).
 */
import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { FieldContext, FieldDeclaration, FormValues, SelectFieldDeclaration, SelectOption } from './types';
import { valueAt } from '../../dataProvider/listQuery';
import { plainText } from '../../domain/plainText';
import { staticOptions } from './values';

/** Reference lists are whole catalogues; the data provider pages in the browser, so ask for all. */
export const ALL_ROWS = { page: 1, perPage: 10_000 };

export function useReferenceOptions(
  field: SelectFieldDeclaration | undefined,
  ctx: FieldContext,
  enabled = true,
): { options: SelectOption[] | undefined; isPending: boolean } {
  const reference = field?.reference;
  const parentId = reference?.parentId?.(ctx);
  const needsParent = reference?.parentId !== undefined;
  const { data, isPending } = useGetList<FormValues & { id: string }>(
    reference?.resource ?? '__none__',
    {
      pagination: ALL_ROWS,
      sort: { field: reference?.optionLabel ?? 'id', order: 'ASC' },
      filter: reference?.filter,
      meta: { parentId },
    },
    { enabled: enabled && reference !== undefined && (!needsParent || parentId !== undefined) },
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

/** Options of one select field, static or loaded. */
export function useFieldOptions(field: FieldDeclaration, ctx: FieldContext, enabled = true): SelectOption[] | undefined {
  const select = field.type === 'select' ? field : undefined;
  const fixed = staticOptions(field, ctx);
  const { options } = useReferenceOptions(select?.reference ? select : undefined, ctx, enabled);
  return fixed ?? options;
}
