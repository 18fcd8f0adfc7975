/**
 * What the catalogue screen tests share (they run over the real server: contractHarness.tsx,
 * uiServer.tsx): choosing an option, reading a table's rows, typing in Filtrar and waiting for
 * the list to show what it should.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type userEvent from '@testing-library/user-event';

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
