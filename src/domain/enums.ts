/** Select options of the franchise domain (docs/rules/billing.md). */

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export const FRANCHISE_TYPES = ['service_provider', 'shipper'] as const;
export type FranchiseType = (typeof FRANCHISE_TYPES)[number];
export const FRANCHISE_TYPE_OPTIONS: Option<FranchiseType>[] = [
  { value: 'service_provider', label: 'Prestadora de Serviços' },
  { value: 'shipper', label: 'Embarcador' },
];
/** The service form offers only 'Prestadora de Serviços' (docs/rules/screens.md: shipper option excluded). */
export const FRANCHISE_TYPE_FORM_OPTIONS: Option<FranchiseType>[] = FRANCHISE_TYPE_OPTIONS.filter(
  (o) => o.value !== 'shipper',
);

export const INTERVAL_TYPES = ['start_end', 'start_place'] as const;
export type IntervalType = (typeof INTERVAL_TYPES)[number];
export const INTERVAL_TYPE_OPTIONS: Option<IntervalType>[] = [
  { value: 'start_end', label: 'Base a base (retorno à base)' },
  { value: 'start_place', label: 'Base ao destino final' },
];

export const HOUR_INTERVAL_TYPES = ['start_endOnPlace', 'arrivalOnPlace_endOnPlace'] as const;
export type HourIntervalType = (typeof HOUR_INTERVAL_TYPES)[number];
export const HOUR_INTERVAL_TYPE_OPTIONS: Option<HourIntervalType>[] = [
  { value: 'start_endOnPlace', label: 'Base ao destino final' },
  { value: 'arrivalOnPlace_endOnPlace', label: 'Origem da operação ao destino final' },
];

export const CHARGE_TYPES = ['full_time', 'fraction_time'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];
export const CHARGE_TYPE_OPTIONS: Option<ChargeType>[] = [
  { value: 'full_time', label: 'Hora cheia (1 min = 1 h)' },
  { value: 'fraction_time', label: 'Hora fracionada' },
];

/**
 * Label of `value` among `options` (a closed list here, or any select's options), or undefined
 * when no option holds that value.
 */
export function optionLabel(options: readonly { value: unknown; label: string }[], value: unknown): string | undefined {
  return options.find((o) => o.value === value)?.label;
}
