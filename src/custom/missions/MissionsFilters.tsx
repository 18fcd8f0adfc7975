/**
 * The missions filters (docs/rules/missions.md): Início and Fim (date and time), Status, Limpar, Pesquisar; and
 * Buscar (ours), a text found in the process number, plates, shipper or provider, searched by the
 * server. They apply on Pesquisar (or Enter) only, which goes back to page 1; Limpar empties them
 * and searches at once.
 */
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { MISSION_STATUS_LABELS, legendStatuses } from '../../domain/missions';
import type { RoleType } from '../../domain/roles';
import { LIST_MAX_FILTER } from '../../domain/schemas/listPage';
import { pickedPeriodProblems } from '../../domain/validators/dates';
import { FILTER_WIDTH } from '../../layout/filterWidth';
import { PeriodFilter } from './PeriodFilter';

export interface MissionsFilterValues {
  start: Date | null;
  end: Date | null;
  /** '' = every status ('Todos'). */
  status: string;
  /** '' = no text search. */
  q: string;
}

export const EMPTY_FILTERS: MissionsFilterValues = { start: null, end: null, status: '', q: '' };

export const SEARCH_LABEL = 'Buscar';
export const SEARCH_HINT = 'Nº do processo, placa, embarcador, prestador ou chave fiscal';

const isValidDate = (d: Date | null): d is Date => d !== null && !Number.isNaN(d.getTime());

export interface MissionsFiltersProps {
  roleType: RoleType | undefined;
  onSearch: (values: MissionsFilterValues) => void;
}

export function MissionsFilters({ roleType, onSearch }: MissionsFiltersProps) {
  const [values, setValues] = useState<MissionsFilterValues>(EMPTY_FILTERS);
  const problems = pickedPeriodProblems(values.start, values.end);
  const blocked = problems.start !== undefined || problems.end !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    onSearch({
      start: isValidDate(values.start) ? values.start : null,
      end: isValidDate(values.end) ? values.end : null,
      status: values.status,
      q: values.q.trim(),
    });
  };

  const clear = () => {
    setValues(EMPTY_FILTERS);
    onSearch(EMPTY_FILTERS);
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Filtros das missões"
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', gap: 1.5, alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        size="small"
        type="search"
        label={SEARCH_LABEL}
        placeholder={SEARCH_HINT}
        value={values.q}
        onChange={(event) => setValues((v) => ({ ...v, q: event.target.value }))}
        slotProps={{ htmlInput: { maxLength: LIST_MAX_FILTER } }}
        sx={{ minWidth: { sm: 320 } }}
      />
      <PeriodFilter start={values.start} end={values.end} problems={problems} onChange={(side, value) => setValues((v) => ({ ...v, [side]: value }))} />
      <TextField
        select
        size="small"
        label="Status"
        value={values.status}
        onChange={(event) => setValues((v) => ({ ...v, status: event.target.value }))}
        sx={FILTER_WIDTH}
      >
        <MenuItem value="">Todos</MenuItem>
        {legendStatuses(roleType).map((status) => (
          <MenuItem key={status} value={status}>
            {MISSION_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1}>
        <Button onClick={clear}>Limpar</Button>
        <Button type="submit" variant="contained" disabled={blocked}>
          Pesquisar
        </Button>
      </Stack>
    </Box>
  );
}
