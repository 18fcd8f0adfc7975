/**
 * The submission of a missions form (Nova Missão, Enviar proposta): validate, send once
 * (useFormSubmission and useMissionMutation), 'success' toast and close; a refusal puts the server's
 * messages under their fields, with the toast that sums it up.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { notify } from '../../layout/notify';
import { useFormSubmission } from '../../layout/useOneSubmission';
import { describeSaveError } from '../../dataProvider/saveErrors';
import { useMissionMutation } from './useMissionMutation';

export function useMissionFormSubmission<I extends FieldValues, V>(
  form: UseFormReturn<I, unknown, V>,
  call: (values: V) => Promise<unknown>,
  success: string,
  onDone: () => void,
) {
  const send = useMissionMutation(call, onDone);
  return useFormSubmission(
    form.handleSubmit(async (values) => {
      try {
        await send.run(values, { success });
      } catch (error) {
        const view = describeSaveError(error);
        for (const issue of view.fieldErrors) form.setError(issue.path as Path<I>, { message: issue.message });
        notify.error(view.toast);
      }
    }),
  );
}
