/**
 * One generated screen: resolves the user and (for child resources) the parent record, then shows
 * the list screen or, for single-record declarations, the in-place form. A parent that cannot be
 * read (unknown, another tenant's, not an id) shows the not-found state, not an empty list that
 * offers 'Criar novo'.
 */
import { Alert, Box } from '@mui/material';
import { useMemo } from 'react';
import { ResourceContextProvider, useCreatePath, useGetList, useGetOne } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { valueAt } from '../../dataProvider/listQuery';
import { plainText } from '../../domain/plainText';
import { ResourceListView } from './ResourceListView';
import { SingleRecordView } from './SingleRecordView';
import { Spinner } from '../../layout/Spinner';
import type { FieldContext, FormValues, ResourceDeclaration } from './types';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { ALL_ROWS } from './useFieldOptions';
import { showsOwner, withOwnerColumn } from './ownerColumn';
import { listRowText } from './values';
import { isId } from '../../domain/ids';
import type { SelectOption } from './types';
import { BackButton } from './BackButton';

/** The text for a list whose parent record does not exist. */
export const PARENT_NOT_FOUND_TEXT = 'Registro não encontrado.';

export interface ResourcePageProps {
  declaration: ResourceDeclaration;
  /** Where Voltar goes; no Voltar button when absent (the screen is the user's home). */
  backTo?: string;
}

/**
 * The screen inside its react-admin resource context (its <Resource> provides one already; a screen
 * rendered on its own, e.g. in a test, gets it here). A row's child list is at
 * `{the list's URL}/{id}/{child}` (framework/routes.tsx), the list's URL from useCreatePath.
 */
export function ResourcePage(props: ResourcePageProps) {
  return (
    <ResourceContextProvider value={props.declaration.name}>
      <ResourceScreen {...props} />
    </ResourceContextProvider>
  );
}

function ResourceScreen({ declaration: declared, backTo }: ResourcePageProps) {
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { parentId } = useParams();
  const { user, isPending } = useCurrentUser();
  const parent = declared.parent;
  const parentIdValid = parentId !== undefined && isId(parentId);
  const {
    data: parentRecord,
    isPending: parentLoading,
    error: parentError,
  } = useGetOne<FormValues & { id: string }>(
    parent?.resource ?? '__none__',
    { id: parentId ?? '' },
    { enabled: parent !== undefined && parentIdValid },
  );
  const parentMissing = parent !== undefined && (!parentIdValid || parentError !== null);
  const parentPending = parent !== undefined && !parentMissing && parentLoading;

  const ownerShown = user !== undefined && showsOwner(declared, user);
  const { data: owners, isPending: ownersPending } = useGetList<FormValues & { id: string }>(
    'riskManagers',
    { pagination: ALL_ROWS, sort: { field: 'name', order: 'ASC' } },
    { enabled: ownerShown },
  );
  const ownerOptions = useMemo(
    (): SelectOption[] | undefined =>
      ownerShown ? (owners ?? []).map((owner) => ({ value: owner.id, label: plainText(owner.name) })) : undefined,
    [ownerShown, owners],
  );
  const declaration = useMemo(
    () => (ownerOptions ? withOwnerColumn(declared, ownerOptions) : declared),
    [declared, ownerOptions],
  );

  const ctx = useMemo((): Omit<FieldContext, 'mode' | 'record'> | undefined => {
    if (!user) return undefined;
    return { user, parentId, parentRecord };
  }, [user, parentId, parentRecord]);
  // How rows read: the table, the export and the data provider's filter and sort share it.
  const meta = useMemo(() => (ctx ? { parentId, rowText: listRowText(declaration, ctx) } : undefined), [ctx, parentId, declaration]);

  const back = backTo === undefined ? undefined : () => void navigate(backTo);
  if (parentMissing) return <ParentNotFound onBack={back} />;
  if (isPending || parentPending || (ownerShown && ownersPending) || !ctx || !meta) return <Spinner />;

  const parentLabel = parent && parentRecord ? valueAt(parentRecord, parent.labelSource) : undefined;
  const title = parentLabel ? `${declaration.title} - ${plainText(parentLabel)}` : declaration.title;

  if (declaration.single) {
    return <SingleRecordView declaration={declaration} ctx={ctx} title={title} onBack={back} />;
  }

  return (
    <ResourceListView
      declaration={declaration}
      owners={ownerOptions}
      ctx={ctx}
      meta={meta}
      title={title}
      onBack={back}
      onChild={(record, child) =>
        void navigate(`${createPath({ resource: declared.name, type: 'list' })}/${encodeURIComponent(String(record.id))}/${child}`)
      }
    />
  );
}

function ParentNotFound({ onBack }: { onBack?: () => void }) {
  return (
    <Box>
      <BackButton onBack={onBack} />
      <Alert severity="warning">{PARENT_NOT_FOUND_TEXT}</Alert>
    </Box>
  );
}
