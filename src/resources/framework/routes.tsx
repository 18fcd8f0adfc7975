/**
 * Turns declarations into react-router routes: `{prefix}{name}` for each declaration and
 * `{prefix}{name}/:parentId/{child}` for each of its child resources. Route paths are relative,
 * so the array goes straight into a <Routes> under a splat route (e.g. /home/admin/*); navigation
 * uses the absolute `urlBase`. The result is an array of <Route> elements because react-router
 * reads route elements, not components that render them.
 */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { ResourcePage } from './ResourcePage';
import type { ResourceDeclaration } from './types';

export interface ResourceRouteOptions {
  /** Relative route prefix, e.g. '' or 'advanced/'. */
  pathPrefix: string;
  /** Absolute URL of the same place, e.g. '/home/admin/advanced'. */
  urlBase: string;
  /** Where Voltar of a top-level list goes. */
  backTo: string;
  /** Child declarations by name (a parent lists its children by name). */
  registry: Readonly<Record<string, ResourceDeclaration>>;
  /** Wraps each screen, e.g. in a permission guard; `top` is the declaration whose tile opens it. */
  wrap?: (top: ResourceDeclaration, screen: ReactElement) => ReactElement;
}

export const childUrl = (urlBase: string, parent: string, parentId: string, child: string): string =>
  `${urlBase}/${parent}/${encodeURIComponent(parentId)}/${child}`;

export function buildResourceRoutes(declarations: ResourceDeclaration[], options: ResourceRouteOptions): ReactElement[] {
  const { pathPrefix, urlBase, backTo, registry, wrap = (_top, screen) => screen } = options;
  const routes: ReactElement[] = [];
  for (const declaration of declarations) {
    const path = `${pathPrefix}${declaration.name}`;
    routes.push(
      <Route
        key={path}
        path={path}
        element={wrap(
          declaration,
          <ResourcePage
            key={path}
            declaration={declaration}
            backTo={backTo}
            childPath={(parentId, child) => childUrl(urlBase, declaration.name, parentId, child)}
          />,
        )}
      />,
    );
    for (const link of declaration.children ?? []) {
      const child = registry[link.resource];
      if (!child) throw new Error(`Declaração do recurso filho '${link.resource}' não encontrada`);
      const childPath = `${path}/:parentId/${child.name}`;
      routes.push(
        <Route
          key={childPath}
          path={childPath}
          element={wrap(
            declaration,
            <ResourcePage key={childPath} declaration={child} backTo={`${urlBase}/${declaration.name}`} />,
          )}
        />,
      );
    }
  }
  return routes;
}
