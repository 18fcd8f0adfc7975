/**
 * The cargo's documents of a mission (docs/rules/fiscal-documents.md) under its other fields: each
 * NF-e, CT-e and MDF-e key in groups of four, read by whoever reads the mission (its risk manager's
 * users, the provider holding it, platform admins), and 'Editar chaves fiscais' for the risk manager
 * while the mission is not billed nor canceled.
 */
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import type { AppDataProvider } from '../../dataProvider';
import { canReadMission } from '../../domain/missionDetails/collections';
import type { MissionRow } from '../../domain/missions';
import { fiscalKeysEditable } from '../../domain/missions/fiscalKeys';
import { missionActor } from '../../domain/missions/stateMachine';
import { FISCAL_KIND_LABELS, FISCAL_KINDS, formatFiscalKey } from '../../domain/validators/fiscalKey';
import { LabelledValues } from '../../layout/LabelledValues';
import { FiscalKeysDialog } from './FiscalKeysDialog';

export const EDIT_FISCAL_KEYS = 'Editar chaves fiscais';

export function FiscalKeysPanel({ row }: { row: MissionRow }) {
  const { user } = useCurrentUser();
  const actor = user ? missionActor(user, row) : 'none';
  if (!canReadMission(actor)) return null;
  return <FiscalKeys row={row} editable={actor === 'riskManager' && fiscalKeysEditable(row.status)} />;
}

function FiscalKeys({ row, editable }: { row: MissionRow; editable: boolean }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [editing, setEditing] = useState(false);
  const keys = useQuery({
    queryKey: ['missions', 'fiscalKeys', row._id],
    queryFn: ({ signal }) => dataProvider.missionFiscalKeys(row._id, signal),
  });
  if (keys.isPending) return <CircularProgress size={20} aria-label="Carregando chaves fiscais" sx={{ mt: 1 }} />;
  if (keys.isError) return <Alert severity="error" sx={{ mt: 1 }}>Não foi possível carregar as chaves fiscais</Alert>;
  const items = FISCAL_KINDS.filter((kind) => keys.data[kind].length > 0).map((kind) => ({
    label: `Chaves de ${FISCAL_KIND_LABELS[kind]}`,
    value: keys.data[kind].map((key) => (
      <Box component="span" key={key} sx={{ display: 'block', fontVariantNumeric: 'tabular-nums' }}>
        {formatFiscalKey(key)}
      </Box>
    )),
  }));
  return (
    <Box component="section" aria-label="Documentos fiscais da carga" sx={{ mt: 1.5 }}>
      {items.length > 0 ? (
        <LabelledValues items={items} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Nenhuma chave fiscal informada
        </Typography>
      )}
      {editable && (
        <Button variant="outlined" sx={{ mt: 1, minHeight: 44 }} onClick={() => setEditing(true)}>
          {EDIT_FISCAL_KEYS}
        </Button>
      )}
      {editing && <FiscalKeysDialog missionId={row._id} keys={keys.data} onClose={() => setEditing(false)} />}
    </Box>
  );
}
