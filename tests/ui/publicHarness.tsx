/** Renders public pages inside a memory router with the app's toaster (as AppShell: errors of a page left go) and a probe of the location. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { ErrorsLeftBehind } from '../../src/layout/ErrorsLeftBehind';
import { Toaster } from '../../src/layout/Toaster';

/** Shows where the router is, and the navigation state, for assertions. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location">
      {location.pathname}
      {location.search}|{JSON.stringify(location.state ?? null)}
    </div>
  );
}

export function renderAt(entry: InitialEntry, routes: Record<string, ReactElement>) {
  return render(
    <>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<LocationProbe />} />
        </Routes>
        <ErrorsLeftBehind />
      </MemoryRouter>
      <Toaster />
    </>,
  );
}
