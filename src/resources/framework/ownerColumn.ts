/**
 * A platform admin (no risk manager of its own) sees every tenant's rows in a catalogue; the
 * 'Gerenciadora' column and filter say whose each row is. Records carry their risk manager's id;
 * the names come from the risk-manager list the admin's riskManager selects already load.
 */
import { isPlatformAdmin } from '../../domain/permissions';
import { valueAt } from '../../dataProvider/listQuery';
import type { CurrentUser } from '../../authProvider/useCurrentUser';
import type { FormValues, ResourceDeclaration, SelectOption } from './types';

export const OWNER_SOURCE = 'riskManager';
export const OWNER_LABEL = 'Gerenciadora';
/** The owner filter's option for every tenant. */
export const ALL_OWNERS_LABEL = 'Todas';

/** Lists of several tenants: a platform admin on a catalogue whose records name their risk manager. */
export const showsOwner = (declaration: ResourceDeclaration, user: CurrentUser): boolean =>
  isPlatformAdmin(user.role) &&
  !user.riskManager &&
  declaration.single === undefined &&
  declaration.fields.some((field) => field.source === OWNER_SOURCE);

/** The declaration with the owner column last, its cells the risk manager's name. */
export function withOwnerColumn(declaration: ResourceDeclaration, owners: readonly SelectOption[]): ResourceDeclaration {
  const names = new Map(owners.map((option) => [String(option.value), option.label]));
  const text = (record: FormValues): string => {
    const id = valueAt(record, OWNER_SOURCE);
    return typeof id === 'string' ? (names.get(id) ?? '') : '';
  };
  return { ...declaration, columns: [...declaration.columns, { source: OWNER_SOURCE, label: OWNER_LABEL, text }] };
}
