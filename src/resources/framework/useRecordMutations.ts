/**
 * Create, update and delete of one declared resource through the data provider, with the product's
 * toasts: the declaration's success message, or the error text of describeSaveError.
 */
import { useCreate, useDelete, useNotify, useUpdate } from 'react-admin';
import { newIdempotencyKey } from '../../dataProvider/httpClient';
import { describeSaveError, type SaveErrorView } from '../../dataProvider/saveErrors';
import type { FormValues, ResourceDeclaration } from './types';

export const DEFAULT_SUCCESS_MESSAGE = 'Salvo com sucesso';

export interface MutationCallbacks {
  onSuccess: () => void;
  onFailure?: (view: SaveErrorView) => void;
  /**
   * The Idempotency-Key of this submission (one per Salvar or confirmed Deletar), so the server
   * writes once however often the same submission reaches it. Absent: a fresh key.
   */
  idempotencyKey?: string;
}

export function useRecordMutations(declaration: ResourceDeclaration, parentId: string | undefined) {
  const notify = useNotify();
  const [create, createState] = useCreate();
  const [update, updateState] = useUpdate();
  const [remove, removeState] = useDelete();
  const successMessage = declaration.successMessage ?? DEFAULT_SUCCESS_MESSAGE;

  const handlers = ({ onSuccess, onFailure }: MutationCallbacks) => ({
    onSuccess: () => {
      notify(successMessage, { type: 'success' });
      onSuccess();
    },
    onError: (error: unknown) => {
      const view = describeSaveError(error);
      notify(view.toast, { type: 'error' });
      onFailure?.(view);
    },
  });

  const metaOf = ({ idempotencyKey = newIdempotencyKey() }: MutationCallbacks) => ({ parentId, idempotencyKey });

  return {
    save(record: FormValues | undefined, data: FormValues, callbacks: MutationCallbacks) {
      const meta = metaOf(callbacks);
      if (record === undefined) {
        void create(declaration.name, { data, meta }, handlers(callbacks));
      } else {
        void update(
          declaration.name,
          { id: record.id as string, data, previousData: record, meta },
          { mutationMode: 'pessimistic', ...handlers(callbacks) },
        );
      }
    },
    remove(record: FormValues, callbacks: MutationCallbacks) {
      const meta = metaOf(callbacks);
      void remove(
        declaration.name,
        { id: record.id as string, previousData: record, meta },
        { mutationMode: 'pessimistic', ...handlers(callbacks) },
      );
    },
    isSaving: createState.isPending || updateState.isPending,
    isDeleting: removeState.isPending,
  };
}
