/**
 * A list's record dialogs at react-admin's URLs below the list (a <Resource>'s create, edit and
 * show routes): `{list}/create` the creation dialog, `{list}/{id}/show` a record as Ver opens it
 * ('Consultar'), `{list}/{id}` the same record once Editar is pressed ('Editar'). So a record can
 * be linked to, reloaded and left with the browser's Back; the dialogs are the product's ('Generic
 * list screen': a row opens a detail form in place).
 *
 * They are routes inside the list's own route rather than the <Resource>'s create/edit/show
 * elements: those would replace the list, and the list keeps its filter, sort and page in its
 * own state (the product's list has no URL parameters), which a dialog must not reset.
 *
 * Closing goes back to the list: one step back in history when the dialog was opened from the
 * list (so Back afterwards does not reopen it), else by replacing the URL (a record reached by a
 * link or a reload). A path below the list that is none of these is unknown, as it was before the
 * records had URLs: the unauthorized page.
 */
import { useEffect, useMemo } from 'react';
import { useCreatePath, useGetOne } from 'react-admin';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { isId } from '../../domain/ids';
import { notify } from '../../layout/notify';
import { DetailDialog } from './DetailDialog';
import type { FieldContext, FormValues, ResourceDeclaration } from './types';

type RecordRoute = 'create' | 'show' | 'edit';

/** Set on the history entry of a dialog opened from its list. */
interface FromList {
  fromList: true;
}

const openedFromList = (state: unknown): boolean => (state as Partial<FromList> | null)?.fromList === true;

/** The URLs of a resource's records (react-admin's, from the basename in context) and the moves between them. */
export function useRecordLinks(resource: string) {
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = openedFromList(location.state);
  // Stable while the location stays, so an effect that closes the dialog runs once.
  return useMemo(() => {
    const list = createPath({ resource, type: 'list' });
    const state: FromList = { fromList: true };
    return {
      list,
      /** From the list: a new history entry, so Back returns to the list. */
      open: (type: RecordRoute, id?: string) => void navigate(createPath({ resource, type, id }), { state }),
      /** Consultar ⇄ Editar of the same record: the same history entry. */
      switchTo: (type: 'show' | 'edit', id: string) =>
        void navigate(createPath({ resource, type, id }), { replace: true, state: fromList ? state : undefined }),
      close: () => void (fromList ? navigate(-1) : navigate(list, { replace: true })),
    };
  }, [createPath, navigate, resource, fromList]);
}

export interface RecordRoutesProps {
  declaration: ResourceDeclaration;
  ctx: Omit<FieldContext, 'mode' | 'record'>;
  /** The list's rows: a record opened from the list shows at once while it is read again. */
  rows: readonly (FormValues & { id: string })[];
  canCreate: boolean;
  /** After a save or delete: the list reads again. */
  onSaved: () => void;
}

export function RecordRoutes(props: RecordRoutesProps) {
  const links = useRecordLinks(props.declaration.name);
  const done = () => {
    links.close();
    props.onSaved();
  };
  return (
    <Routes>
      <Route index element={null} />
      <Route
        path="create"
        element={
          props.canCreate ? (
            <DetailDialog declaration={props.declaration} mode="create" ctx={props.ctx} onDone={done} onClose={links.close} />
          ) : (
            <Navigate to={links.list} replace />
          )
        }
      />
      <Route path=":id/show" element={<RecordDialog {...props} route="show" links={links} onDone={done} />} />
      <Route path=":id" element={<RecordDialog {...props} route="edit" links={links} onDone={done} />} />
      <Route path="*" element={<Navigate to="/unauthorized" replace />} />
    </Routes>
  );
}

interface RecordDialogProps extends RecordRoutesProps {
  route: 'show' | 'edit';
  links: ReturnType<typeof useRecordLinks>;
  onDone: () => void;
}

/** One record's dialog: read by its id (GET one), so a reload or a link opens it as the list would. */
function RecordDialog({ declaration, ctx, rows, route, links, onDone }: RecordDialogProps) {
  const { id = '' } = useParams();
  const valid = isId(id);
  const { data: record, error } = useGetOne<FormValues & { id: string }>(
    declaration.name,
    { id, meta: { parentId: ctx.parentId } },
    { enabled: valid, placeholderData: rows.find((row) => row.id === id) },
  );
  // A record that cannot be read (deleted, another tenant's) says so over its list.
  useEffect(() => {
    if (!error) return;
    notify.error(error.message);
    links.close();
  }, [error, links]);

  if (!valid) return <Navigate to="/unauthorized" replace />;
  if (!record || error) return null;
  return (
    <DetailDialog
      key={id}
      declaration={declaration}
      mode="edit"
      record={record}
      ctx={ctx}
      startEditing={route === 'edit'}
      onEditingChange={(editing) => links.switchTo(editing ? 'edit' : 'show', id)}
      onDone={onDone}
      onClose={links.close}
    />
  );
}
