/**
 * 'Chaves fiscais da carga': the risk manager replaces a mission's NF-e, CT-e and MDF-e keys
 * (docs/rules/fiscal-documents.md), checked by the same schema as the server's; a refusal puts the
 * server's message under its box.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import type { AppDataProvider } from '../../dataProvider';
import { newIdempotencyKey } from '../../dataProvider/httpClient';
import type { MissionFiscalKeys } from '../../domain/missions/fiscalKeyContracts';
import { fiscalKeysSchema, type FiscalKeys } from '../../domain/schemas';
import { FiscalKeysFields, fiscalKeysInput, type FiscalKeysInput } from './FiscalKeysFields';
import { MissionDialog, SubmitActions } from './MissionDialog';
import { useMissionFormSubmission } from './useMissionFormSubmission';

export const FISCAL_KEYS_TITLE = 'Chaves fiscais da carga';
export const FISCAL_KEYS_SAVED = 'Chaves fiscais salvas com sucesso';

// The schema's output (lists of bare keys) is what is sent; the resolver types cannot express input
// and output differing, hence the cast (as in NewMissionDialog).
const resolver = yupResolver(fiscalKeysSchema) as unknown as Resolver<FiscalKeysInput, unknown, FiscalKeys>;

export function FiscalKeysDialog({ missionId, keys, onClose }: { missionId: string; keys: MissionFiscalKeys; onClose: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const form = useForm<FiscalKeysInput, unknown, FiscalKeys>({ defaultValues: fiscalKeysInput(keys), resolver });
  const [idempotencyKey] = useState(newIdempotencyKey);
  const submission = useMissionFormSubmission(
    form,
    (values) => dataProvider.saveMissionFiscalKeys(missionId, values, { idempotencyKey }),
    FISCAL_KEYS_SAVED,
    onClose,
  );
  return (
    <FormProvider {...form}>
      <MissionDialog
        title={FISCAL_KEYS_TITLE}
        onClose={submission.pending ? undefined : onClose}
        onSubmit={submission.onSubmit}
        actions={<SubmitActions label="Salvar" pending={submission.pending} onCancel={onClose} />}
      >
        <FiscalKeysFields />
      </MissionDialog>
    </FormProvider>
  );
}
