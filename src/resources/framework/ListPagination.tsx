/** 'Página x de y' with previous/next (docs/rules/catalogues.md). */
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { IconButton, Stack, Typography } from '@mui/material';

export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / Math.max(1, perPage)));

export interface ListPaginationProps {
  page: number;
  total: number;
  perPage: number;
  onPage: (page: number) => void;
}

export function ListPagination({ page, total, perPage, onPage }: ListPaginationProps) {
  const pages = pageCount(total, perPage);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', py: 1 }}>
      <IconButton aria-label="Página anterior" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft />
      </IconButton>
      <Typography variant="body2">{`Página ${Math.min(page, pages)} de ${pages}`}</Typography>
      <IconButton aria-label="Próxima página" size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}
