/**
 * Whose integrations a tab shows (docs/rules/integrations.md, docs/rules/webhooks.md): a risk
 * manager's user sees its own tenant's; the platform admin picks the tenant first, as on the audit
 * screen, and the tab is drawn anew for each (nothing of the previous tenant's stays on screen).
 */
import { useState, type ReactNode } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { INTEGRATION_TEXTS } from '../../domain/integrations/apiKeys';
import { Spinner } from '../../layout/Spinner';

const ALL_TENANTS = { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'name', order: 'ASC' as const } };

function TenantSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { data } = useGetList<{ id: string; name?: unknown }>('riskManagers', ALL_TENANTS);
  return (
    <TextField select size="small" label={INTEGRATION_TEXTS.tenant} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 240, maxWidth: '100%', mb: 2 }}>
      {(data ?? []).map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {typeof r.name === 'string' ? r.name : r.id}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** `children` with the tenant to manage: null for a risk manager's own user (the server uses theirs), the picked id for the platform admin. */
export function TenantScoped({ children }: { children: (tenant: string | null) => ReactNode }) {
  const { user, isPending } = useCurrentUser();
  const [tenant, setTenant] = useState('');
  if (isPending || !user) return <Spinner />;
  if (user.riskManager !== null) return children(null);
  return (
    <>
      <TenantSelect value={tenant} onChange={setTenant} />
      {tenant !== '' && <div key={tenant}>{children(tenant)}</div>}
    </>
  );
}
