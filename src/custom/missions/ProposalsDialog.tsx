/**
 * The proposals of a mission (docs/rules/competition.md): status, provider,
 * km, time to arrival, latitude, longitude. A risk manager accepts a completed proposal, once
 * confirmed (AcceptProposalDialog), which starts the mission with that provider; completed
 * proposals can be located on the map. The headers sort here in the browser: a mission has a few
 * proposals, all of them in one answer.
 */
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, type SortPayload } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatKilometres } from '../../domain/billing/totals';
import { formatNumber } from '../../domain/validators/numbers';
import { fold } from '../../domain/foldText';
import { PROPOSAL_STATUS_LABELS, type MissionRow, type Proposal } from '../../domain/missions';
import { DataTable, type DataColumn } from '../../layout/DataTable';
import { usePollInterval } from '../live/livePolling';
import { AcceptProposalDialog } from './AcceptProposalDialog';
import { LazyMap } from './LazyMap';
import { MissionDialog } from './MissionDialog';
import type { LatLng } from './mapConfig';
import { missionReference } from './rowActionLabels';

const coordinate = (n: number | undefined) => (n === undefined ? '-' : formatNumber(n, 6));
const positionOf = (p: Proposal): LatLng | null => (p.location ? [p.location.latitude, p.location.longitude] : null);

// A provider's name may be long (cut, whole in its tooltip); the figures stay on one line.
const COLUMNS: DataColumn<Proposal>[] = [
  { source: 'status', label: 'Status', text: (p) => PROPOSAL_STATUS_LABELS[p.status], fit: 'nowrap' },
  { source: 'provider', label: 'Prestador', text: (p) => p.serviceProviderInfo.name },
  { source: 'distance', label: 'Distância (km)', text: (p) => (p.eta ? formatNumber(p.eta.distanceInKm, 3) : '-'), fit: 'nowrap' },
  { source: 'eta', label: 'Tempo de chegada', text: (p) => p.eta?.time ?? '-', fit: 'nowrap' },
  { source: 'latitude', label: 'Latitude', text: (p) => coordinate(p.location?.latitude), fit: 'nowrap' },
  { source: 'longitude', label: 'Longitude', text: (p) => coordinate(p.location?.longitude), fit: 'nowrap' },
];

/** What each header sorts by: numbers as numbers, texts folded; a missing value ('-') last either way. */
const SORT_VALUES: Record<string, (p: Proposal) => string | number | null> = {
  status: (p) => fold(PROPOSAL_STATUS_LABELS[p.status]),
  provider: (p) => fold(p.serviceProviderInfo.name),
  distance: (p) => p.eta?.distanceInKm ?? null,
  // hh:mm: in text order is in time order.
  eta: (p) => p.eta?.time ?? null,
  latitude: (p) => p.location?.latitude ?? null,
  longitude: (p) => p.location?.longitude ?? null,
};

export function sortedProposals(proposals: readonly Proposal[], sort: SortPayload | undefined): readonly Proposal[] {
  const valueOf = sort && SORT_VALUES[sort.field];
  if (!sort || !valueOf) return proposals;
  const sign = sort.order === 'DESC' ? -1 : 1;
  return [...proposals].sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'pt-BR'));
  });
}

export interface ProposalsDialogProps {
  row: MissionRow;
  /** Risk managers accept proposals. */
  canAccept: boolean;
  onClose: () => void;
}

export function ProposalsDialog({ row, canAccept, onClose }: ProposalsDialogProps) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const pollMs = usePollInterval();
  const proposals = useQuery({
    queryKey: ['missions', 'proposals', row._id],
    queryFn: ({ signal }) => dataProvider.missionProposals(row._id, signal),
    refetchInterval: (q) => (q.state.status === 'error' ? false : pollMs),
  });
  // The proposal whose acceptance is being confirmed (AcceptProposalDialog sends it).
  const [accepting, setAccepting] = useState<Proposal | null>(null);
  const [focus, setFocus] = useState<LatLng | null>(null);
  const [sort, setSort] = useState<SortPayload | undefined>(undefined);
  const missionPosition: LatLng = [row.location.latitude, row.location.longitude];
  const located = (proposals.data ?? []).filter((p) => p.status === 'completed' && p.location);

  return (
    <MissionDialog
      title={`Propostas — Missão ${missionReference(row)}`}
      onClose={onClose}
      wide
      actions={<Button onClick={onClose}>Fechar</Button>}
    >
      {proposals.isPending && <CircularProgress aria-label="Carregando" />}
      {proposals.isError && (
        <Alert severity="error" action={<Button onClick={() => void proposals.refetch()}>Tentar novamente</Button>}>
          Não foi possível carregar as propostas
        </Alert>
      )}
      {proposals.data && (
        <DataTable
          label="Propostas"
          rows={sortedProposals(proposals.data, sort)}
          rowId={(p) => p._id}
          columns={COLUMNS}
          sort={sort}
          onSort={setSort}
          cardName={(p) => p.serviceProviderInfo.name}
          actions={(p) => {
            const position = positionOf(p);
            const completed = p.status === 'completed';
            return (
              <>
                {completed && position && (
                  <Button size="small" onClick={() => setFocus(position)}>
                    Localizar
                  </Button>
                )}
                {completed && canAccept && (
                  <Button size="small" variant="contained" onClick={() => setAccepting(p)}>
                    Aceitar
                  </Button>
                )}
              </>
            );
          }}
        />
      )}
      {accepting && <AcceptProposalDialog row={row} proposal={accepting} onAccepted={onClose} onClose={() => setAccepting(null)} />}
      {focus && (
        <Box sx={{ mt: 2 }}>
          <LazyMap
            center={missionPosition}
            focus={focus}
            height={320}
            pins={[
              { key: 'mission', position: missionPosition, info: 'Local da missão' },
              ...located.flatMap((p) => {
                const position = positionOf(p);
                return position
                  ? [{ key: p._id, position, info: `${p.serviceProviderInfo.name} — ${p.eta ? formatKilometres(p.eta.distanceInKm) : '-'}, ${p.eta?.time ?? '-'}` }]
                  : [];
              }),
            ]}
          />
        </Box>
      )}
    </MissionDialog>
  );
}
