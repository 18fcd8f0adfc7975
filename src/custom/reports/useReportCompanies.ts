/**
 * The 'Empresas' options of the billing report: the tenant's shippers for the shipper side, its
 * providers for the provider side (the catalogues the screens already read). A provider user's
 * report is its own company's, so it loads none.
 */
import { useGetList } from 'react-admin';
import type { BillingTarget } from '../../domain/billing/access';

export interface CompanyOption {
  value: string;
  label: string;
}

const ALL = { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'name', order: 'ASC' as const } };

export function useReportCompanies(target: BillingTarget, enabled: boolean): { options: CompanyOption[]; isPending: boolean } {
  const resource = target === 'shipper' ? 'shippers' : 'providers';
  const { data, isPending } = useGetList<{ id: string; name?: unknown }>(resource, ALL, { enabled });
  const options = (data ?? []).map((r) => ({ value: String(r.id), label: typeof r.name === 'string' ? r.name : String(r.id) }));
  return { options, isPending: enabled && isPending };
}
