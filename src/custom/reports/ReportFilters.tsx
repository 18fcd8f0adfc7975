/**
 * The billing report's filters (docs/rules/reports.md): Início and Fim, Status and Empresas
 * (multi-selects whose 'Todos' is the empty list), Faturamento de (Cliente / Prestadora; a provider
 * user has only its own side), Limpar and Pesquisar. The screen opens on `defaults` (the current
 * month, already searched), and Limpar goes back to them. A search needs a date: an empty one of the
 * pair becomes now; with neither, nothing is searched.
 */
import { Box, Button, Checkbox, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { BILLING_TARGET_LABELS, BILLING_TARGETS, type BillingTarget } from '../../domain/billing/access';
import { MISSION_STATUS_LABELS } from '../../domain/missions';
import { currentMonth, PROVIDER_REPORT_STATUSES, REPORT_STATUSES, type ReportStatus } from '../../domain/reports';
import { pickedPeriodProblems } from '../../domain/validators/dates';
import { FILTER_WIDTH } from '../../layout/filterWidth';
import { PeriodFilter } from '../missions/PeriodFilter';
import { useReportCompanies, type CompanyOption } from './useReportCompanies';

export interface ReportFilterValues {
  start: Date | null;
  end: Date | null;
  /** [] = every status ('Todos'). */
  status: ReportStatus[];
  billingTarget: BillingTarget;
  /** [] = every company ('Todos'). */
  companies: string[];
}

/** The filters a screen opens on: the current month, every status and company, the viewer's side. */
export const defaultReportFilters = (providerOnly: boolean, now: Date): SearchedFilters => ({
  ...currentMonth(now),
  status: [],
  billingTarget: providerOnly ? 'serviceProvider' : 'shipper',
  companies: [],
});

export const NEED_DATES = 'Informe o início ou o fim do período para pesquisar.';

const ALL = '__todos__';
const isValidDate = (d: Date | null): d is Date => d !== null && !Number.isNaN(d.getTime());

/** A multi-select whose 'Todos' clears the choice, and whose empty choice reads 'Todos'. */
function MultiSelect({ label, value, options, onChange }: { label: string; value: string[]; options: CompanyOption[]; onChange: (v: string[]) => void }) {
  const labels = new Map(options.map((o) => [o.value, o.label]));
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={FILTER_WIDTH}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const chosen = selected as string[];
            return chosen.length === 0 ? 'Todos' : chosen.map((v) => labels.get(v) ?? v).join(', ');
          },
        },
        inputLabel: { shrink: true },
      }}
      onChange={(event) => {
        const raw = event.target.value as unknown as string[] | string;
        const next = typeof raw === 'string' ? raw.split(',') : raw;
        onChange(next.includes(ALL) ? [] : next);
      }}
    >
      <MenuItem value={ALL}>
        <Checkbox size="small" checked={value.length === 0} />
        <ListItemText primary="Todos" />
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          <Checkbox size="small" checked={value.includes(o.value)} />
          <ListItemText primary={o.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}

const statusOptions = (statuses: readonly ReportStatus[]) => statuses.map((s) => ({ value: s, label: MISSION_STATUS_LABELS[s] }));
const STATUS_OPTIONS = statusOptions(REPORT_STATUSES);
const PROVIDER_STATUS_OPTIONS = statusOptions(PROVIDER_REPORT_STATUSES);

/** Filters with both dates: what a search sends. */
export type SearchedFilters = ReportFilterValues & { start: Date; end: Date };

export interface ReportFiltersProps {
  providerOnly: boolean;
  /** What the screen opened on (defaultReportFilters), and what Limpar goes back to. */
  defaults: SearchedFilters;
  onSearch: (values: SearchedFilters) => void;
  now?: () => Date;
}

export function ReportFilters({ providerOnly, defaults, onSearch, now = () => new Date() }: ReportFiltersProps) {
  const [values, setValues] = useState<ReportFilterValues>(defaults);
  const [hint, setHint] = useState(false);
  const companies = useReportCompanies(values.billingTarget, !providerOnly);
  const problems = pickedPeriodProblems(values.start, values.end);
  const blocked = problems.start !== undefined || problems.end !== undefined;
  const targets = providerOnly ? (['serviceProvider'] as const) : BILLING_TARGETS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = isValidDate(values.start) ? values.start : null;
    const end = isValidDate(values.end) ? values.end : null;
    if (blocked) return;
    if (!start && !end) {
      setHint(true);
      return;
    }
    setHint(false);
    const filled = { ...values, start: start ?? now(), end: end ?? now() };
    setValues(filled);
    onSearch(filled);
  };

  const clear = () => {
    setValues(defaults);
    setHint(false);
    onSearch(defaults);
  };

  return (
    <Box component="form" role="search" aria-label="Filtros do relatório" onSubmit={submit}>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', gap: 1.5, alignItems: { sm: 'flex-start' } }}>
        <PeriodFilter start={values.start} end={values.end} problems={problems} onChange={(side, value) => setValues((v) => ({ ...v, [side]: value }))} />
        <MultiSelect
          label="Status"
          value={values.status}
          options={providerOnly ? PROVIDER_STATUS_OPTIONS : STATUS_OPTIONS}
          onChange={(status) => setValues((v) => ({ ...v, status: status as ReportStatus[] }))}
        />
        <TextField
          select
          size="small"
          label="Faturamento de"
          value={values.billingTarget}
          sx={FILTER_WIDTH}
          onChange={(event) => setValues((v) => ({ ...v, billingTarget: event.target.value as BillingTarget, companies: [] }))}
        >
          {targets.map((t) => (
            <MenuItem key={t} value={t}>
              {BILLING_TARGET_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        {!providerOnly && (
          <MultiSelect label="Empresas" value={values.companies} options={companies.options} onChange={(c) => setValues((v) => ({ ...v, companies: c }))} />
        )}
        <Stack direction="row" spacing={1}>
          <Button onClick={clear}>Limpar</Button>
          <Button type="submit" variant="contained" disabled={blocked}>
            Pesquisar
          </Button>
        </Stack>
      </Box>
      {hint && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {NEED_DATES}
        </Typography>
      )}
    </Box>
  );
}
