/**
 * react-admin's <Pagination> in the product's words: 'Página x de y' with previous/next (docs/rules/catalogues.md, generic
 * list screen), no rows-per-page choice (each declaration fixes its page size).
 */
import TablePaginationActions from '@mui/material/TablePaginationActions';
import type { TablePaginationProps } from '@mui/material';
import { Pagination, useListContext, type PaginationProps } from 'react-admin';

export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / Math.max(1, perPage)));

const ariaLabel = (type: string): string => (type === 'previous' ? 'Página anterior' : 'Próxima página');

export function ListPagination() {
  const { perPage } = useListContext();
  // Passed on to MUI's <TablePagination> (react-admin's props type omits them).
  const labels: Pick<TablePaginationProps, 'getItemAriaLabel' | 'labelDisplayedRows'> = {
    getItemAriaLabel: ariaLabel,
    labelDisplayedRows: ({ page, count }) => `Página ${page + 1} de ${pageCount(count, perPage)}`,
  };
  return (
    <Pagination
      rowsPerPageOptions={[]}
      // MUI's previous/next arrows rather than react-admin's numbered pages: the product's control (docs/rules/catalogues.md).
      actions={TablePaginationActions as unknown as NonNullable<PaginationProps['actions']>}
      {...labels}
    />
  );
}
