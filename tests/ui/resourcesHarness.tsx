/**
 * The real declarations on their real admin routes (AdminSection), over the fake API of
 * frameworkHarness with the risk managers an admin picks from.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { AdminSection } from '../../src/custom/admin/AdminSection';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { resourceEndpoints } from '../../src/resources';
import { RISK_MANAGER_ID, createFakeApi, renderApp, type TestUser } from './frameworkHarness';

/** A second risk manager, for admins choosing whose record they create. */
const OTHER_RM = 'aaaaaaaaaaaaaaaaaaaaaa02';

const routes = (
  <Routes>
    <Route path="/home/admin/*" element={<AdminSection />} />
    <Route path="/unauthorized" element={<p>Página não autorizada</p>} />
  </Routes>
);

export function renderAdminAt(path: string, user: TestUser, collections: Record<string, ApiRecord[]> = {}) {
  const api = createFakeApi({
    'riskManagers:info': [
      { _id: RISK_MANAGER_ID, name: 'Gestora Alfa', active: true },
      { _id: OTHER_RM, name: 'Gestora Beta', active: true },
    ],
    ...collections,
  });
  const app = renderApp({ path, api, user, endpoints: resourceEndpoints, children: routes });
  return { api, app, user: userEvent.setup() };
}

export async function chooseOption(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: RegExp, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Body rows' cell texts of a table. */
export const rowsOf = (table: HTMLElement): (string | null)[][] =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

/** Types into the list's Filtrar box, replacing what it held (the list follows after its debounce). */
export async function typeFilter(user: ReturnType<typeof userEvent.setup>, text: string) {
  const box = screen.getByRole('searchbox', { name: 'Filtrar' });
  await user.clear(box);
  await user.type(box, text);
}

/** First-column texts of the list titled `title` once they equal `expected` ([] = 'Nenhum registro encontrado'). */
export async function expectListed(title: string, expected: string[]) {
  await waitFor(() => {
    if (expected.length === 0) expect(screen.getByText('Nenhum registro encontrado')).toBeInTheDocument();
    else expect(rowsOf(screen.getByRole('table', { name: title })).map((cells) => cells[0])).toEqual(expected);
  });
}
