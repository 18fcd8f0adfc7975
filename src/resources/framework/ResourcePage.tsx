/**
 * One generated screen: resolves the user and (for child resources) the parent record, then shows
 * the list screen or, for single-record declarations, the in-place form.
 */
import { useMemo } from 'react';
import { ListBase, useGetOne } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { ResourceListView } from './ResourceListView';
import { SingleRecordView } from './SingleRecordView';
import { Spinner } from './Spinner';
import type { FieldContext, FormValues, ResourceDeclaration } from './types';
import { useCurrentUser } from './useCurrentUser';
import { getPath } from './values';

export const DEFAULT_PER_PAGE = 10;

export interface ResourcePageProps {
  declaration: ResourceDeclaration;
  /** Where Voltar goes. */
  backTo: string;
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

  if (isPending || (parent && parentPending) || !ctx) return <Spinner />;

  const parentLabel = parent && parentRecord ? getPath(parentRecord, parent.labelSource) : undefined;
  const title = parentLabel ? `${declaration.title} - ${String(parentLabel)}` : declaration.title;
  const back = () => navigate(backTo);

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
      queryOptions={{ meta: { parentId } }}
      debounce={300}
    >
      <ResourceListView
        declaration={declaration}
        ctx={ctx}
        title={title}
        onBack={back}
        onChild={(record, child) => childPath && navigate(childPath(String(record.id), child))}
      />
    </ListBase>
  );
}
