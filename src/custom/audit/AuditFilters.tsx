/**
 * The audit trail's filters: Usuário (name or e-mail), Entidade, Registro (its id or part of it),
 * Início and Fim, and — for the platform admin — Gerenciadora; Limpar and Pesquisar.
 */
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useGetList } from 'react-admin';
import { AUDIT_ENTITIES } from '../../domain/audit';
import { auditEntityLabel } from '../../domain/audit/format';
import { pickedPeriodProblems } from '../../domain/validators/dates';
import type { AuditFilter } from '../../dataProvider/auditApi';
import { FILTER_WIDTH } from '../../layout/filterWidth';
import { PeriodFilter } from '../missions/PeriodFilter';

export const EMPTY_AUDIT_FILTER: AuditFilter = { user: '', entity: '', record: '', riskManager: '', start: null, end: null };

const ALL_TENANTS = { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'name', order: 'ASC' as const } };

function TenantSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { data } = useGetList<{ id: string; name?: unknown }>('riskManagers', ALL_TENANTS);
  return (
    <TextField select size="small" label="Gerenciadora" value={value} onChange={(e) => onChange(e.target.value)} sx={FILTER_WIDTH} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
      <MenuItem value="">Todas</MenuItem>
      {(data ?? []).map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {typeof r.name === 'string' ? r.name : r.id}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function AuditFilters({ allTenants, onSearch }: { allTenants: boolean; onSearch: (filter: AuditFilter) => void }) {
  const [values, setValues] = useState<AuditFilter>(EMPTY_AUDIT_FILTER);
  const problems = pickedPeriodProblems(values.start ?? null, values.end ?? null);
  const blocked = problems.start !== undefined || problems.end !== undefined;
  const set = (patch: Partial<AuditFilter>) => setValues((v) => ({ ...v, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked) onSearch(values);
  };
  const clear = () => {
    setValues(EMPTY_AUDIT_FILTER);
    onSearch(EMPTY_AUDIT_FILTER);
  };

  return (
    <Box component="form" role="search" aria-label="Filtros da auditoria" onSubmit={submit} sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', gap: 1.5, alignItems: { sm: 'flex-start' } }}>
        <TextField size="small" label="Usuário" placeholder="Nome ou e-mail" value={values.user} onChange={(e) => set({ user: e.target.value })} sx={FILTER_WIDTH} slotProps={{ htmlInput: { maxLength: 254 }, inputLabel: { shrink: true } }} />
        <TextField select size="small" label="Entidade" value={values.entity} onChange={(e) => set({ entity: e.target.value })} sx={FILTER_WIDTH} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">Todas</MenuItem>
          {AUDIT_ENTITIES.map((entity) => (
            <MenuItem key={entity} value={entity}>
              {auditEntityLabel(entity)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label="Registro" placeholder="Identificador" value={values.record} onChange={(e) => set({ record: e.target.value })} sx={FILTER_WIDTH} slotProps={{ htmlInput: { maxLength: 24 }, inputLabel: { shrink: true } }} />
        {allTenants && <TenantSelect value={values.riskManager ?? ''} onChange={(riskManager) => set({ riskManager })} />}
        <PeriodFilter start={values.start ?? null} end={values.end ?? null} problems={problems} onChange={(side, value) => set({ [side]: value })} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
        <Button type="button" variant="outlined" onClick={clear}>
          Limpar
        </Button>
        <Button type="submit" variant="contained" disabled={blocked}>
          Pesquisar
        </Button>
      </Box>
    </Box>
  );
}
