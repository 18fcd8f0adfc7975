/**
 * The one table (layout/DataTable.tsx) on its own: sort headers, the empty text, a truncated cell's
 * tooltip, the sticky actions, rows used from the keyboard and the card layout below 600 px.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { SortPayload } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from '../../src/layout/DataTable';

interface Tool {
  id: string;
  name: string;
  code: string;
}

const TOOLS: Tool[] = [
  { id: '1', name: 'Alicate de corte com um nome muito comprido que não cabe', code: 'A-1' },
  { id: '2', name: 'Martelo', code: 'M-2' },
  { id: '3', name: 'Chave', code: 'C-3' },
];

const COLUMNS: DataColumn<Tool>[] = [
  { source: 'name', label: 'Nome', text: (t) => t.name },
  { source: 'code', label: 'Código', text: (t) => t.code, fit: 'nowrap' },
];

/** A list that sorts its rows as the table asks, as a list context would. */
function Tools({ rows = TOOLS, onOpen = () => undefined }: { rows?: Tool[]; onOpen?: (t: Tool) => void }) {
  const [sort, setSort] = useState<SortPayload>({ field: 'name', order: 'ASC' });
  const key = sort.field as keyof Tool;
  const sorted = [...rows].sort((a, b) => a[key].localeCompare(b[key]) * (sort.order === 'ASC' ? 1 : -1));
  return (
    <DataTable
      label="Ferramentas"
      rows={sorted}
      rowId={(t) => t.id}
      columns={COLUMNS}
      sort={sort}
      onSort={setSort}
      onRowClick={onOpen}
      actions={(t) => <button onClick={() => onOpen(t)}>Ver</button>}
    />
  );
}

const firstCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

/** Makes the phone media query (max-width 599.95px) match, as a 390 px screen would. */
function asPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('DataTable', () => {
  it('sorts by a header, flipping on the same one and starting ascending on another; aria-sort says the order', async () => {
    const user = userEvent.setup();
    render(<Tools />);
    const table = screen.getByRole('table', { name: 'Ferramentas' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Código', 'Ações']);
    expect(firstCells(table)).toEqual([TOOLS[0]?.name, 'Chave', 'Martelo']);
    expect(within(table).getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(table).getByRole('button', { name: 'Nome' }));
    expect(firstCells(table)).toEqual(['Martelo', 'Chave', TOOLS[0]?.name]);
    expect(within(table).getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(table).getByRole('button', { name: 'Código' }));
    expect(firstCells(table)).toEqual([TOOLS[0]?.name, 'Chave', 'Martelo']);
    expect(within(table).getByRole('columnheader', { name: 'Código' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it("shows 'Nenhum registro encontrado' and no table when there is no row", () => {
    render(<Tools rows={[]} />);
    expect(screen.getByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('cuts a long text on one line with the whole text as its tooltip; keeps the actions column at the right edge', () => {
    render(<Tools />);
    const table = screen.getByRole('table', { name: 'Ferramentas' });
    const [first] = within(table).getAllByRole('row').slice(1);
    const [name, code, actions] = within(first!).getAllByRole('cell');
    expect(name).toHaveAttribute('title', TOOLS[0]?.name);
    expect(name).toHaveStyle({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '280px' });
    // A 'nowrap' column stays whole: no ellipsis, no tooltip.
    expect(code).not.toHaveAttribute('title');
    expect(code).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(actions).toHaveStyle({ position: 'sticky', right: '0px' });
  });

  it('opens a row from the keyboard: Tab reaches it, the arrows move between rows, Enter and Space act as a click', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    render(<Tools onOpen={(t) => opened.push(t.code)} />);
    const rows = within(screen.getByRole('table', { name: 'Ferramentas' })).getAllByRole('row').slice(1);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Nome' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(rows[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(rows[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(rows[0]).toHaveFocus();
    // Enter on the row's own button is that button's, not the row's.
    await user.tab();
    expect(within(rows[0]!).getByRole('button', { name: 'Ver' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toEqual(['C-3', 'M-2', 'A-1']);
  });

  it('below 600 px shows each row as a card named after its record, with labels, whole texts, actions and a sort select', async () => {
    asPhone();
    const user = userEvent.setup();
    const opened: string[] = [];
    render(<Tools onOpen={(t) => opened.push(t.code)} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'Ferramentas' })).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([TOOLS[0]?.name, 'Chave', 'Martelo']);
    const pairs = Array.from(cards[1]!.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Nome', 'Chave'],
      ['Código', 'C-3'],
    ]);
    await user.click(within(cards[2]!).getByRole('button', { name: 'Ver' }));
    expect(opened).toEqual(['M-2']);

    await user.click(screen.getByRole('combobox', { name: /Ordenar por/ }));
    await user.click(screen.getByRole('option', { name: 'Nome — decrescente' }));
    const resorted = within(screen.getByRole('list', { name: 'Ferramentas' })).getAllByRole('listitem');
    expect(resorted.map((c) => c.getAttribute('aria-label'))).toEqual(['Martelo', 'Chave', TOOLS[0]?.name]);
    resorted[1]!.focus();
    await user.keyboard('{Enter}');
    expect(opened).toEqual(['M-2', 'C-3']);
  });
});
