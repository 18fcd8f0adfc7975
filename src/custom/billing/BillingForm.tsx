/**
 * One side's billing form (docs/rules/billing.md): price reference, price table,
 * toll/expenses/additions/discounts and the final cost, recomputed live as the values change;
 * Salvar saves (PUT), Faturar bills the side after a confirmation. A side the viewer may only
 * view (billed, or the provider side seen by the risk manager, or an admin) has every input
 * disabled and no buttons; the money values wait for a price reference.
 *
 * The price form is also disabled while the franchise status is 'created', which in this contract
 * means "no price reference saved yet" (api.ts), so that rule is the same as waiting for a
 * reference (docs/rules/billing.md): the values open as soon as one is chosen, without a first save just to unlock them.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { discountProblem, isBilledFor, type BillingTarget, type BillingValues, type MissionBilling, type MissionBillingSide } from '../../domain/billing';
import { BILLING_RECALC_FAILED, readOnlyNotice } from '../../domain/billing/messages';
import { billingSchema } from '../../domain/schemas/billing';
import { formatMoney } from '../../domain/validators/money';
import { useFormSubmission, useOneSubmission } from '../../layout/useOneSubmission';
import { describeSaveError } from '../../dataProvider/saveErrors';
import { MoneyFields, PriceReferenceSelect, type BillingInput } from './BillingFields';
import { FinalizeDialog } from './FinalizeDialog';
import { PriceTable } from './PriceTable';
import { useLiveCalculus, valuesKey } from './useLiveCalculus';
import { useBillingWrite, type BillingWrite } from './useMissionBilling';

export const inputOf = (side: MissionBillingSide): BillingInput => ({ franchise: side.franchise ?? '', others: { ...side.others } });

const moneyGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } } as const;

const FIELD_PATHS = new Set(['franchise', 'others.toll', 'others.expenses', 'others.additions', 'others.discounts']);

export interface BillingFormProps {
  missionId: string;
  billing: MissionBilling;
  side: MissionBillingSide;
  target: BillingTarget;
}

export function BillingForm({ missionId, billing, side, target }: BillingFormProps) {
  const editable = side.access === 'edit';
  // The schema's output (trimmed id, cents) is what the calls send; the resolver's types cannot say
  // input and output differ, hence the cast (as in NewMissionDialog).
  const resolver = useMemo(() => yupResolver(billingSchema) as unknown as Resolver<BillingInput, unknown, BillingValues>, []);
  const form = useForm<BillingInput, unknown, BillingValues>({ defaultValues: inputOf(side), resolver });
  const values = useWatch({ control: form.control });
  const currentKey = useMemo(() => valuesKey(values), [values]);
  const savedKey = useMemo(() => valuesKey(inputOf(side)), [side]);
  const live = useLiveCalculus(side, currentKey, savedKey, editable);
  const write = useBillingWrite(missionId, target);
  const [confirming, setConfirming] = useState<BillingValues | null>(null);
  const costId = useId();

  const send = async (kind: BillingWrite, valuesToSend: BillingValues) => {
    try {
      await write.mutateAsync({ kind, sideId: side._id, values: valuesToSend });
    } catch (error) {
      for (const issue of describeSaveError(error).fieldErrors) {
        if (FIELD_PATHS.has(issue.path)) form.setError(issue.path as keyof BillingInput, { message: issue.message });
      }
    } finally {
      setConfirming(null);
    }
  };
  // One submission each (Salvar's validation included); the buttons wait while either is in flight.
  const saving = useFormSubmission(form.handleSubmit((v) => send('save', v)));
  const finalizing = useOneSubmission((v: BillingValues) => send('finalize', v));
  const busy = saving.pending || finalizing.pending;
  const askFinalize = form.handleSubmit((v) => setConfirming(v));

  const noReference = values.franchise === '' || values.franchise === undefined;
  const calculation = live.calculation;
  const finalCost = calculation?.finalCost ?? side.finalCost;
  // The server refuses discounts beyond the total (never a silent R$ 0,00): the reason shows as
  // soon as the recomputation sees it, before Salvar or Faturar.
  const discountRefusal = calculation ? discountProblem(calculation) : undefined;
  const emptyText = noReference ? undefined : live.failed ? 'Não foi possível calcular a tabela' : 'Calculando…';

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={saving.onSubmit} aria-label="Faturamento">
        <Stack spacing={2}>
          {!editable && <Alert severity="info">{readOnlyNotice(target, isBilledFor(billing.missionStatus, target))}</Alert>}
          <Box sx={{ maxWidth: { md: '50%' } }}>
            <PriceReferenceSelect references={side.priceReferences} disabled={!editable} />
          </Box>
          <PriceTable rows={calculation?.table ?? null} emptyText={emptyText} />
          <Box sx={moneyGrid}>
            <MoneyFields disabled={!editable || noReference} />
          </Box>
          <Box>
            <Box sx={{ height: 4 }}>{live.updating && <LinearProgress aria-label="Recalculando" />}</Box>
            {live.failed && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {BILLING_RECALC_FAILED}
              </Alert>
            )}
            {discountRefusal && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {discountRefusal}
              </Alert>
            )}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
            <Stack spacing={0.5}>
              {calculation && <Typography variant="body2" color="text.secondary">{`Valor do atendimento: ${formatMoney(calculation.price)}`}</Typography>}
              {calculation !== null && calculation.planToll > 0 && (
                <Typography variant="body2" color="text.secondary">{`Pedágio da tabela: ${formatMoney(calculation.planToll)}`}</Typography>
              )}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                <Typography id={costId} variant="subtitle1">
                  Custo final
                </Typography>
                <Typography component="output" aria-labelledby={costId} aria-live="polite" variant="h6" sx={{ opacity: live.updating ? 0.6 : 1 }}>
                  {formatMoney(finalCost)}
                </Typography>
              </Stack>
            </Stack>
            {editable && (
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="outlined" loading={saving.pending} disabled={busy}>
                  Salvar
                </Button>
                <Button variant="contained" disabled={busy} onClick={() => void askFinalize()}>
                  Faturar
                </Button>
              </Stack>
            )}
          </Stack>
        </Stack>
      </Box>
      {confirming && (
        <FinalizeDialog
          target={target}
          processNumber={billing.processNumberDisplay}
          finalCost={live.updating || live.failed ? null : finalCost}
          pending={finalizing.pending}
          onConfirm={() => void finalizing.run(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </FormProvider>
  );
}
