/**
 * What the new-mission form picks from: the tenant's active shippers, the chosen shipper's
 * franchise plans (its services), requesters, causes, carriers, places and leaderships, and the
 * mission parameters saying which of the last four are required.
 */
import { useGetList } from 'react-admin';
import type { MissionRequiredRefs } from '../../domain/schemas';

export interface Option {
  value: string;
  label: string;
}

const ALL = { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'name', order: 'ASC' as const } };

interface Named {
  id: string;
  name?: unknown;
  active?: unknown;
}

const toOptions = (rows: Named[] | undefined): Option[] =>
  (rows ?? []).filter((r) => r.active !== false).map((r) => ({ value: String(r.id), label: typeof r.name === 'string' ? r.name : String(r.id) }));

function useOptions(resource: string, enabled = true, meta?: { parentId: string }) {
  const { data, isPending, isError } = useGetList<Named>(resource, { ...ALL, meta }, { enabled });
  return { options: toOptions(data), isPending: enabled && isPending, isError };
}

/** The mission parameters' required flags (GET /api/admin/mission/configs: the caller's tenant row). */
export function useRequiredRefs() {
  const configs = useGetList<{ id: string; required?: Partial<MissionRequiredRefs> }>('configs', ALL);
  const flags = configs.data?.[0]?.required;
  const required: MissionRequiredRefs | undefined = configs.data
    ? {
        cause: flags?.cause === true,
        carrier: flags?.carrier === true,
        place: flags?.place === true,
        leadership: flags?.leadership === true,
      }
    : undefined;
  return { required, isError: configs.isError, refetch: configs.refetch };
}

export function useMissionReferences(shipper: string) {
  const shippers = useOptions('shippers');
  const plans = useOptions('shippersFranchise', shipper !== '', { parentId: shipper });
  const requesters = useOptions('requesters');
  const causes = useOptions('causes');
  const carriers = useOptions('carriers');
  const places = useOptions('places');
  const leaderships = useOptions('leaderships');
  return {
    isError: [shippers, requesters, causes, carriers, places, leaderships].some((l) => l.isError),
    shippers: shippers.options,
    plans: plans.options,
    /** The chosen shipper's plans are loaded and there is none (Serviço can only say 'Nenhum'). */
    noPlans: shipper !== '' && !plans.isPending && !plans.isError && plans.options.length === 0,
    requesters: requesters.options,
    causes: causes.options,
    carriers: carriers.options,
    places: places.options,
    leaderships: leaderships.options,
  };
}
