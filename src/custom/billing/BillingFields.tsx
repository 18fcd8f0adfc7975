/**
 * The billing form's inputs bound to react-hook-form: the price reference select and the four
 * money values (integer cents, typed as 'R$ 1.234,56' with the catalogue forms' MoneyInput).
 */
import { MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import type { PriceReference } from '../../domain/billing';
import { BILLING_PRICE_REFERENCE_DISABLED } from '../../domain/messages';
import { formatMoney } from '../../domain/validators/money';
import { MoneyInput } from '../../layout/MoneyInput';

/** What the form holds: '' until a reference is chosen, null for an emptied money field. */
export interface BillingInput {
  franchise: string;
  others: { toll: number | null; expenses: number | null; additions: number | null; discounts: number | null };
}

export const PRICE_REFERENCE_LABEL = 'Referência de preços';

export const MONEY_FIELDS = [
  { name: 'others.toll', label: 'Pedágio' },
  { name: 'others.expenses', label: 'Despesas' },
  { name: 'others.additions', label: 'Acréscimos' },
  { name: 'others.discounts', label: 'Descontos' },
] as const;

export const referenceLabel = (reference: PriceReference): string => `${reference.franchiseName} · ${formatMoney(reference.price)}`;

export function PriceReferenceSelect({ references, disabled }: { references: readonly PriceReference[]; disabled: boolean }) {
  const { control } = useFormContext<BillingInput>();
  return (
    <Controller
      name="franchise"
      control={control}
      render={({ field, fieldState }) => {
        // A saved reference the list no longer offers (a plan deactivated since) still reads as chosen.
        const known = field.value === '' || references.some((r) => r.franchiseId === field.value);
        const hint = !disabled && field.value === '' ? BILLING_PRICE_REFERENCE_DISABLED : undefined;
        return (
          <TextField
            select
            label={PRICE_REFERENCE_LABEL}
            value={field.value}
            name={field.name}
            inputRef={field.ref}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            disabled={disabled}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? (references.length === 0 ? 'Nenhuma tabela de preços disponível para esta missão' : hint)}
            size="small"
            fullWidth
          >
            {references.map((reference) => (
              <MenuItem key={reference.franchiseId} value={reference.franchiseId}>
                {referenceLabel(reference)}
              </MenuItem>
            ))}
            {!known && (
              <MenuItem value={field.value} disabled>
                Tabela salva (não disponível)
              </MenuItem>
            )}
          </TextField>
        );
      }}
    />
  );
}

export function MoneyFields({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<BillingInput>();
  return (
    <>
      {MONEY_FIELDS.map(({ name, label }) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field, fieldState }) => (
            <MoneyInput
              label={label}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              inputRef={field.ref}
              disabled={disabled}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
              size="small"
              fullWidth
            />
          )}
        />
      ))}
    </>
  );
}
