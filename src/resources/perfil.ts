/**
 * The perfil select of users and provider logins (docs/rules/tenancy-and-roles.md): 'TI' is offered only
 * when the current
 * user is ti. A record that already holds a perfil the user may not offer still shows its label.
 */
import { perfilOptionsFor } from '../domain/permissions';
import { isPerfil, PERFIL_LABELS } from '../domain/roles';
import type { FormValues, SelectFieldDeclaration, SelectOption } from './framework/types';

export const perfilOfRecord = (record: FormValues | undefined): unknown =>
  (record?.role as { perfil?: unknown } | undefined)?.perfil;

export const perfilText = (record: FormValues): string => {
  const perfil = perfilOfRecord(record);
  return isPerfil(perfil) ? PERFIL_LABELS[perfil] : '';
};

export const perfilField = (): SelectFieldDeclaration => ({
  source: 'role.perfil',
  label: 'Perfil',
  type: 'select',
  options: (ctx): SelectOption[] => {
    const offered: SelectOption[] = perfilOptionsFor(ctx.user.role);
    const current = perfilOfRecord(ctx.record);
    if (isPerfil(current) && !offered.some((o) => o.value === current)) {
      return [...offered, { value: current, label: PERFIL_LABELS[current] }];
    }
    return offered;
  },
});
