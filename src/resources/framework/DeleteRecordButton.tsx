/**
 * 'Deletar' on an open record: react-admin's useDeleteController and <Confirm>, with the product's
 * question (docs/rules/catalogues.md: 'Deletar | {entity}', 'Tem certeza que deseja deletar?', 'Sim,
 * tenho certeza' / 'Não, cancelar'), passed as the Confirm's own texts so react-admin's confirm
 * and cancel words stay as they are elsewhere, and the product's toasts in place of react-admin's.
 *
 * Not <DeleteWithConfirmButton>: its <Confirm> keeps react-admin's confirm/cancel labels, which
 * the product words differently here only.
 */
import { Button } from '@mui/material';
import { useRef, useState } from 'react';
import { Confirm, useDeleteController, useNotify, useRecordContext } from 'react-admin';
import { newIdempotencyKey } from '../../dataProvider/httpClient';
import { describeSaveError } from '../../dataProvider/saveErrors';
import { DELETE_QUESTION } from '../../layout/DeleteConfirmDialog';
import { DEFAULT_SUCCESS_MESSAGE } from './texts';
import type { FormValues, ResourceDeclaration } from './types';

export function DeleteRecordButton({ declaration, parentId, onDeleted }: { declaration: ResourceDeclaration; parentId?: string; onDeleted: () => void }) {
  const record = useRecordContext<FormValues & { id: string }>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  // One Idempotency-Key per confirmed Deletar, so the server deletes once however often it arrives.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  // A second click on 'Sim, tenho certeza' before the dialog re-renders disabled is the same delete
  // (TanStack Query reports isPending from a timer; the ref answers at once, as useOneSubmission's).
  const deleting = useRef(false);
  const settle = () => {
    deleting.current = false;
    setOpen(false);
  };
  const { isPending, handleDelete } = useDeleteController({
    resource: declaration.name,
    record,
    mutationMode: 'pessimistic',
    redirect: false,
    mutationOptions: {
      meta: { parentId, idempotencyKey },
      onSuccess: () => {
        settle();
        notify(declaration.successMessage ?? DEFAULT_SUCCESS_MESSAGE, { type: 'success' });
        onDeleted();
      },
      onError: (error: unknown) => {
        settle();
        notify(describeSaveError(error).toast, { type: 'error' });
      },
    },
  });
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        onClick={() => {
          setIdempotencyKey(newIdempotencyKey());
          setOpen(true);
        }}
      >
        Deletar
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`Deletar | ${declaration.entity}`}
        content={DELETE_QUESTION}
        confirm="Sim, tenho certeza"
        cancel="Não, cancelar"
        confirmColor="warning"
        onConfirm={() => {
          if (deleting.current) return;
          deleting.current = true;
          handleDelete();
        }}
        onClose={() => {
          if (!isPending) setOpen(false);
        }}
      />
    </>
  );
}
