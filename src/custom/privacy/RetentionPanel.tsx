/**
 * 'Retenção' (docs/rules/privacy.md): how long the tenant keeps the agents' positions and the
 * people of its finished missions, checked by the same schema as the server's (a value out of the
 * limits is refused in Portuguese under its field) and saved with a notice.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { RetentionAnswer } from '../../domain/privacy/contracts';
import { retentionSchema, type RetentionValues } from '../../domain/privacy/schemas';
import { PRIVACY_TEXTS as T } from '../../domain/privacy/texts';
import { notify } from '../../layout/notify';
import { Spinner } from '../../layout/Spinner';
import { useFormSubmission } from '../../layout/useOneSubmission';
import { FormField } from '../missionDetails/FormDialog';
import { messageOf } from '../messageOf';
import { LoadError } from './CardList';
import type { PanelProps } from './panelProps';

function RetentionForm({ tenant, saved }: { tenant: string | undefined; saved: RetentionAnswer }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const form = useForm<RetentionValues>({
    defaultValues: { riskManager: tenant ?? null, positionDays: saved.positionDays, missionPeopleYears: saved.missionPeopleYears },
    resolver: yupResolver(retentionSchema) as unknown as Resolver<RetentionValues>,
  });
  const submission = useFormSubmission(
    form.handleSubmit(async (values) => {
      try {
        const answer = await dataProvider.savePrivacyRetention({ ...values, riskManager: tenant ?? null });
        queryClient.setQueryData(['privacyRetention', tenant ?? ''], answer);
        form.reset({ riskManager: tenant ?? null, positionDays: answer.positionDays, missionPeopleYears: answer.missionPeopleYears });
        notify.success(T.retentionSaved);
      } catch (error) {
        notify.error(messageOf(error));
      }
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={submission.onSubmit} aria-label={T.retentionTab} sx={{ maxWidth: 560 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.retentionIntro}
      </Typography>
      <Stack spacing={2}>
        <FormField control={form.control} name="positionDays" label={T.positionDays} type="number" required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <FormField control={form.control} name="missionPeopleYears" label={T.missionPeopleYears} type="number" required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <Alert severity="info">{T.contactMessages}</Alert>
      </Stack>
      <Button type="submit" variant="contained" loading={submission.pending} sx={{ mt: 2 }}>
        {T.save}
      </Button>
    </Box>
  );
}

export function RetentionPanel({ tenant }: PanelProps) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const retention = useQuery({ queryKey: ['privacyRetention', tenant ?? ''], queryFn: ({ signal }) => dataProvider.privacyRetention(tenant, signal) });
  if (retention.isPending) return <Spinner />;
  if (retention.isError) return <LoadError retry={() => void retention.refetch()} />;
  return <RetentionForm tenant={tenant} saved={retention.data} />;
}
