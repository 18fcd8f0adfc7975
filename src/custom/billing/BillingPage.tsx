/**
 * /home/missions/{missionId}/billing/{billingType} (docs/rules/billing.md): the billing of the shipper
 * ('Faturamento - Cliente') or of the service provider ('Faturamento - Prestadora'). Any other
 * billing type goes back to /home/missions; a side the API hides from this viewer (null) is the
 * unauthorized screen, as docs/rules/messages.md has for unauthorized access.
 */
import { LinearProgress, Paper, Skeleton, Stack } from '@mui/material';
import { Navigate, useParams } from 'react-router-dom';
import { BILLING_TARGETS, type BillingTarget } from '../../domain/billing';
import { LoadFailed } from '../missionDetails/LoadFailed';
import { MISSIONS_BASE } from '../../domain/navigation';
import { BillingForm } from './BillingForm';
import { BillingHeader } from './BillingHeader';
import { useMissionBilling } from './useMissionBilling';

const isBillingTarget = (value: string): value is BillingTarget => (BILLING_TARGETS as readonly string[]).includes(value);

export function BillingPage() {
  const { missionId = '', billingType = '' } = useParams();
  if (!isBillingTarget(billingType)) return <Navigate to={MISSIONS_BASE} replace />;
  return <BillingScreen key={`${missionId}:${billingType}`} missionId={missionId} target={billingType} />;
}

function BillingSkeleton() {
  return (
    <Paper sx={{ p: 2 }}>
      <LinearProgress aria-label="Carregando" sx={{ mb: 2 }} />
      <Stack spacing={2}>
        <Skeleton variant="text" width="45%" height={36} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={40} sx={{ maxWidth: { md: '50%' } }} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    </Paper>
  );
}

function BillingScreen({ missionId, target }: { missionId: string; target: BillingTarget }) {
  const query = useMissionBilling(missionId);
  if (query.isPending) return <BillingSkeleton />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const billing = query.data;
  const side = billing[target];
  if (!side) return <Navigate to="/unauthorized" replace />;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={3}>
        <BillingHeader billing={billing} target={target} />
        {/* A new status or access (billed here or meanwhile) starts the form again from what was saved. */}
        <BillingForm key={`${side._id}:${side.franchiseStatus}:${side.access}`} missionId={missionId} billing={billing} side={side} target={target} />
      </Stack>
    </Paper>
  );
}
