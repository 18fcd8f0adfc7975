/**
 * Whose integrations a tab shows (docs/rules/integrations.md, docs/rules/webhooks.md): a risk
 * manager's user sees its own tenant's; the platform admin picks the tenant first, as on the audit
 * screen, and the tab is drawn anew for each (nothing of the previous tenant's stays on screen).
 */
import { useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { INTEGRATION_TEXTS } from '../../domain/integrations/apiKeys';
import { Spinner } from '../../layout/Spinner';
import { TenantSelect } from '../TenantSelect';

/** `children` with the tenant to manage: null for a risk manager's own user (the server uses theirs), the picked id for the platform admin. */
export function TenantScoped({ children }: { children: (tenant: string | null) => ReactNode }) {
  const { user, isPending } = useCurrentUser();
  const [tenant, setTenant] = useState('');
  if (isPending || !user) return <Spinner />;
  if (user.riskManager !== null) return children(null);
  return (
    <>
      <TenantSelect label={INTEGRATION_TEXTS.tenant} value={tenant} onChange={setTenant} />
      {tenant !== '' && <div key={tenant}>{children(tenant)}</div>}
    </>
  );
}
