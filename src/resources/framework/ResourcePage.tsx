/**
 * One generated screen: resolves the user and (for child resources) the parent record, then shows
 * the list screen or, for single-record declarations, the in-place form.
 */
import { useMemo } from 'react';
import { ListBase, useGetOne } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { valueAt } from '../../dataProvider/listQuery';
import { plainText } from '../../domain/plainText';
import { ResourceListView } from './ResourceListView';
import { SingleRecordView } from './SingleRecordView';
import { Spinner } from './Spinner';
import type { FieldContext, FormValues, ResourceDeclaration } from './types';
import { useCurrentUser } from './useCurrentUser';
import { listRowText } from './values';

export const DEFAULT_PER_PAGE = 10;

export interface ResourcePageProps {
  declaration: ResourceDeclaration;
  /** Where Voltar goes; no Voltar button when absent (the screen is the user's home). */
  backTo?: string;
  /** Path of a child list of a row (route builder). */
  childPath?: (parentId: string, childResource: string) => string;
}

export function ResourcePage({ declaration, backTo, childPath }: ResourcePageProps) {
  const navigate = useNavigate();
  const { parentId } = useParams();
  const { user, isPending } = useCurrentUser();
  const parent = declaration.parent;
  const { data: parentRecord, isPending: parentPending } = useGetOne<FormValues & { id: string }>(
    parent?.resource ?? '__none__',
    { id: parentId ?? '' },
    { enabled: parent !== undefined && parentId !== undefined },
  );

  const ctx = useMemo((): Omit<FieldContext, 'mode' | 'record'> | undefined => {
    if (!user) return undefined;
    return { user, parentId, parentRecord };
  }, [user, parentId, parentRecord]);
  // How rows read: the table, the export and the data provider's filter and sort share it.
  const meta = useMemo(() => (ctx ? { parentId, rowText: listRowText(declaration, ctx) } : undefined), [ctx, parentId, declaration]);

  if (isPending || (parent && parentPending) || !ctx || !meta) return <Spinner />;

  const parentLabel = parent && parentRecord ? valueAt(parentRecord, parent.labelSource) : undefined;
  const title = parentLabel ? `${declaration.title} - ${plainText(parentLabel)}` : declaration.title;
  const back = backTo === undefined ? undefined : () => void navigate(backTo);

  if (declaration.single) {
    return <SingleRecordView declaration={declaration} ctx={ctx} title={title} onBack={back} />;
  }

  return (
    <ListBase
      resource={declaration.name}
      disableSyncWithLocation
      storeKey={false}
      perPage={declaration.perPage ?? DEFAULT_PER_PAGE}
      sort={declaration.defaultSort ?? { field: declaration.columns[0]?.source ?? 'id', order: 'ASC' }}
      queryOptions={{ meta }}
      debounce={300}
    >
      <ResourceListView
        declaration={declaration}
        ctx={ctx}
        meta={meta}
        title={title}
        onBack={back}
        onChild={(record, child) => {
          if (childPath) void navigate(childPath(String(record.id), child));
        }}
      />
    </ListBase>
  );
}
