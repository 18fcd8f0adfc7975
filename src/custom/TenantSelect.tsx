/**
 * The platform admin's choice of the risk manager a tenant screen acts on ('Integrações',
 * 'Privacidade'); a tenant's own users never see it (the server uses theirs).
 */
import { MenuItem, TextField } from '@mui/material';
import { useGetList } from 'react-admin';

const ALL_TENANTS = { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'name', order: 'ASC' as const } };

export function TenantSelect({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const { data } = useGetList<{ id: string; name?: unknown }>('riskManagers', ALL_TENANTS);
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 240, maxWidth: { xs: '100%', sm: 360 }, mb: 2 }}>
      {(data ?? []).map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {typeof r.name === 'string' ? r.name : r.id}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The tenants' names by id (the platform admin's lists name whose each row is). */
export function useTenantNames(enabled: boolean): Map<string, string> {
  const { data } = useGetList<{ id: string; name?: unknown }>('riskManagers', ALL_TENANTS, { enabled });
  return new Map((data ?? []).map((r) => [r.id, typeof r.name === 'string' ? r.name : r.id]));
}
