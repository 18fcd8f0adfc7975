import type { ComponentType } from 'react';

/**
 * A hand-written screen (docs/architecture.md): the component carries its route as a static `path`.
 * Public pages use absolute paths ('/login'); pages of the protected area use paths relative to
 * /home ('missions/*'), which App.tsx registers inside react-admin's <CustomRoutes>.
 */
export type PageComponent<P = object> = ComponentType<P> & { path: string };

/** Gives a component its route. */
export const withPath = <P,>(component: ComponentType<P>, path: string): PageComponent<P> =>
  Object.assign(component, { path });
