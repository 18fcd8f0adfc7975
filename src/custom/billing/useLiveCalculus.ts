/**
 * The live recomputation of a side while its form is edited: once the values are valid and differ
 * from the saved ones, POST calculus 300 ms after the last change. A newer change drops the older
 * call (TanStack Query aborts the signal of a query nobody watches any more), identical values are
 * answered from the cache, and a failure keeps the last figures on screen and says so.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import { useEffect, useState } from 'react';
import type { AppDataProvider } from '../../dataProvider';
import type { BillingCalculation, BillingValues, MissionBillingSide } from '../../domain/billing';
import { billingSchema } from '../../domain/schemas/billing';

export const CALCULUS_DEBOUNCE_MS = 300;

/** The values as the server would read them, as a stable text (the cache key); null when invalid. */
export function valuesKey(values: unknown): string | null {
  try {
    return JSON.stringify(billingSchema.validateSync(values, { abortEarly: true, stripUnknown: true }));
  } catch {
    return null;
  }
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface LiveCalculus {
  /** What to show: the saved calculation, or the latest one computed for the edited values. */
  calculation: BillingCalculation | null;
  /** A recomputation is waiting or running: the figures shown may be about to change. */
  updating: boolean;
  /** The last recomputation failed; `calculation` is the last good one. */
  failed: boolean;
}

/**
 * `currentKey` is valuesKey() of what the form holds, `savedKey` that of the side as saved.
 * `live` is false for a read-only side: its saved calculation is final.
 */
export function useLiveCalculus(side: MissionBillingSide, currentKey: string | null, savedKey: string | null, live: boolean): LiveCalculus {
  const dataProvider = useDataProvider<AppDataProvider>();
  const debouncedKey = useDebounced(currentKey, CALCULUS_DEBOUNCE_MS);
  const [lastGood, setLastGood] = useState<BillingCalculation | null>(null);
  const wanted = live && debouncedKey !== null && debouncedKey !== savedKey;
  const query = useQuery({
    queryKey: ['billingCalculus', side._id, debouncedKey],
    enabled: wanted,
    queryFn: async ({ signal }) => {
      const calculation = await dataProvider.billingCalculus(side._id, JSON.parse(debouncedKey ?? 'null') as BillingValues, signal);
      // A call superseded by a newer one must not overwrite the figures (fetch rejects anyway).
      if (!signal.aborted) setLastGood(calculation);
      return calculation;
    },
    retry: false,
    staleTime: Infinity,
  });

  if (!live || currentKey === savedKey) return { calculation: side.calculation, updating: false, failed: false };
  const fresh = wanted && query.isSuccess ? query.data : undefined;
  const failed = wanted && query.isError && debouncedKey === currentKey;
  const updating = currentKey !== null && !failed && (currentKey !== debouncedKey || query.isFetching);
  return { calculation: fresh ?? lastGood ?? side.calculation, updating, failed };
}
