/**
 * Every catalogue declaration as a react-admin <Resource> (issue 12), so react-admin knows them as
 * resources: their label (options.label), how one record reads (recordRepresentation) and their
 * resource context.
 *
 * How the URLs map onto the resources: react-admin serves a resource at /home/{name}; the spec's
 * screens are /home/admin/{name} (tile group 'simple'), /home/admin/advanced/{name} (group
 * 'advanced') and the child lists /home/admin/advanced/{parent}/{parentId}/{name}, which
 * AdminSection routes (a <CustomRoutes> page) with their tile guards and look. A resource's own URL
 * therefore leads to its spec URL — a child list's to its parent's list, which picks the parent.
 * Users keep exactly /home/users (UsersPage; /home/users/xyz is unknown), so that declaration is no
 * <Resource> here: its resource route would answer /home/users/*.
 */
import type { ReactElement } from 'react';
import { Resource } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { adminDeclarations, childDeclarations } from '../../resources';
import type { ResourceDeclaration } from '../../resources/framework/types';
import { TILE_GROUPS, tileOf } from './adminTiles';

/** The spec URL of an admin-home catalogue, or of the list a child list is reached from. */
export function specUrlOf(
  name: string,
  declarations: readonly ResourceDeclaration[] = adminDeclarations,
): string | undefined {
  const top = declarations.find((d) => d.name === name) ?? declarations.find((d) => d.children?.some((c) => c.resource === name));
  if (!top) return undefined;
  const group = TILE_GROUPS.find((g) => g.group === tileOf(top).group);
  return group && `${group.base}/${top.name}`;
}

const resourceOf = (declaration: ResourceDeclaration): ReactElement => {
  const url = specUrlOf(declaration.name);
  if (!url) throw new Error(`'${declaration.name}': cadastro sem URL na administração`);
  return (
    <Resource
      key={declaration.name}
      name={declaration.name}
      options={{ label: declaration.title }}
      recordRepresentation="name"
      list={<Navigate to={url} replace />}
    />
  );
};

/** The <Resource> elements of the admin home's catalogues and their child lists, for <Admin>. */
export const catalogueResources = (): ReactElement[] =>
  [...adminDeclarations, ...Object.values(childDeclarations)].map(resourceOf);
