import type { ReactElement } from 'react';

/** A row of the route table (src/publicApp/routes.tsx): a URL pattern and what draws it. */
export interface ScreenRoute {
  path: string;
  element: ReactElement;
}
