/**
 * Declarations as react-admin <Resource>s at the product's URLs (docs/add-a-catalogue.md).
 *
 * How the URLs map onto the resources. react-admin serves a resource's list at `{basename}/{name}`
 * and builds every link to it with useCreatePath from the basename in context. Each catalogue's
 * <Resource> is mounted under a <BasenameContextProvider> whose basename is the URL of the place
 * that holds it, so react-admin's `{basename}/{name}` is the product's URL:
 *
 *   | screen                     | basename (`urlBase`)                 | resource's list URL                    |
 *   |----------------------------|--------------------------------------|----------------------------------------|
 *   | 'simple' tile (causes…)    | /home/admin                          | /home/admin/{name}                     |
 *   | 'advanced' tile (shippers…)| /home/admin/advanced                 | /home/admin/advanced/{name}            |
 *   | child list (a nested       | {parent's list}/{parentId}           | /home/admin/advanced/{parent}/{id}/{child} |
 *   |   resource of its parent)  |                                      |                                        |
 *   | users (UsersPage)          | /home (the <Admin>'s own basename)   | /home/users                            |
 *
 * A child list is a route of its parent's <Resource> (react-admin's nested-resources pattern), so
 * the parent's tile guard covers it. The list is the generated screen; creating, reading and editing
 * a record happen in its detail dialog (docs/rules/catalogues.md: a row opens a detail form in
 * place), at react-admin's URLs below the list — `create`, `{id}/show`, `{id}` — routed inside the
 * list so the list stays under the dialog (RecordRoutes.tsx). A single-record declaration
 * (configs) is its form, with no list and no record URLs.
 *
 * <Admin> registers only the resources it is given as children, so the places that mount these
 * register their definitions (name, options.label, recordRepresentation, hasList) with
 * useRegisterResources, through react-admin's own Resource.registerResource.
 */
import { useEffect, useMemo, type ReactElement } from 'react';
import { BasenameContextProvider, Resource, useCreatePath, useResourceDefinitionContext, type ResourceProps } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { ResourcePage } from './ResourcePage';
import type { ResourceDeclaration } from './types';

export interface ResourceRouteOptions {
  /** Relative route prefix, e.g. '' or 'advanced/'. */
  pathPrefix: string;
  /** Absolute URL of the same place, e.g. '/home/admin/advanced': the resources' basename. */
  urlBase: string;
  /** Where Voltar of a top-level list goes. */
  backTo: string;
  /** Child declarations by name (a parent lists its children by name). */
  registry: Readonly<Record<string, ResourceDeclaration>>;
  /** Wraps each screen, e.g. in a permission guard; `top` is the declaration whose tile opens it. */
  wrap?: (top: ResourceDeclaration, screen: ReactElement) => ReactElement;
}

/**
 * What react-admin knows of a declaration: the props of its <Resource> but its screens (registered
 * with hasList, and with hasCreate, hasEdit and hasShow when the list routes its records).
 */
export const resourcePropsOf = (declaration: ResourceDeclaration): ResourceProps => ({
  name: declaration.name,
  options: { label: declaration.title },
  recordRepresentation: declaration.recordRepresentation ?? 'name',
  hasCreate: !declaration.single,
  hasEdit: !declaration.single,
  hasShow: !declaration.single,
});

/**
 * The resource's list route answers `{name}/*`: a list routes its records below it
 * (RecordRoutes.tsx); below a single record's form, no path is known (e.g.
 * /home/admin/configs/xyz): the unauthorized page.
 */
function ListScreen({ declaration, backTo }: { declaration: ResourceDeclaration; backTo?: string }) {
  const rest = useParams()['*'];
  if (declaration.single && rest) return <Navigate to="/unauthorized" replace />;
  return <ResourcePage declaration={declaration} backTo={backTo} />;
}

/** A child list: its basename is its parent record's URL, its Voltar the parent's list. */
function ChildResource({ parent, declaration }: { parent: ResourceDeclaration; declaration: ResourceDeclaration }) {
  const { parentId = '' } = useParams();
  const parentList = useCreatePath()({ resource: parent.name, type: 'list' });
  return (
    <BasenameContextProvider basename={`${parentList}/${encodeURIComponent(parentId)}`}>
      <Resource
        {...resourcePropsOf(declaration)}
        list={<ListScreen declaration={declaration} backTo={parentList} />}
      />
    </BasenameContextProvider>
  );
}

/**
 * A declaration's <Resource>: its list is the generated screen and its child lists are nested
 * routes `:parentId/{child}`. To be mounted at `{name}/*` under its basename.
 */
export function catalogueResource(
  declaration: ResourceDeclaration,
  { backTo, registry }: { backTo?: string; registry: Readonly<Record<string, ResourceDeclaration>> },
): ReactElement {
  return (
    <Resource
      {...resourcePropsOf(declaration)}
      list={<ListScreen declaration={declaration} backTo={backTo} />}
    >
      {childrenOf(declaration, registry).map((child) => (
        <Route key={child.name} path={`:parentId/${child.name}/*`} element={<ChildResource parent={declaration} declaration={child} />} />
      ))}
    </Resource>
  );
}

export function childrenOf(declaration: ResourceDeclaration, registry: Readonly<Record<string, ResourceDeclaration>>): ResourceDeclaration[] {
  return (declaration.children ?? []).map((link) => {
    const child = registry[link.resource];
    if (!child) throw new Error(`Declaração do recurso filho '${link.resource}' não encontrada`);
    return child;
  });
}

/** The routes of a place's resources, for a <Routes> under its splat route (e.g. /home/admin/*). */
export function buildResourceRoutes(declarations: readonly ResourceDeclaration[], options: ResourceRouteOptions): ReactElement[] {
  const { pathPrefix, urlBase, backTo, registry, wrap = (_top, screen) => screen } = options;
  return declarations.map((declaration) => {
    const path = `${pathPrefix}${declaration.name}`;
    return (
      <Route
        key={path}
        path={`${path}/*`}
        element={
          <BasenameContextProvider basename={urlBase}>{wrap(declaration, catalogueResource(declaration, { backTo, registry }))}</BasenameContextProvider>
        }
      />
    );
  });
}

/** Stable, so the definitions are not registered anew on every render. */
const NO_CHILDREN: Readonly<Record<string, ResourceDeclaration>> = {};

/**
 * Registers the definitions of the declarations' resources (and of their child lists) while the
 * caller is mounted, as <Admin> does for its own <Resource> children.
 */
export function useRegisterResources(
  declarations: readonly ResourceDeclaration[],
  registry: Readonly<Record<string, ResourceDeclaration>> = NO_CHILDREN,
): void {
  const { register, unregister } = useResourceDefinitionContext();
  const definitions = useMemo(
    () =>
      declarations
        .flatMap((declaration) => [declaration, ...childrenOf(declaration, registry)])
        .map((declaration) => ({ ...Resource.registerResource(resourcePropsOf(declaration)), hasList: true })),
    [declarations, registry],
  );
  useEffect(() => {
    definitions.forEach(register);
    return () => definitions.forEach(unregister);
  }, [definitions, register, unregister]);
}
