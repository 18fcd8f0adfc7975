/**
 * Row action 'report' (docs/rules/reports.md: the report PDF modal; docs/rules/missions.md: shipper,
 * provider and the simple
 * 'Atendimento' report): a button per kind this viewer may extract — the billed kinds only when
 * billingAccess lets the viewer see that side, so no button leads to a refusal — and the dossier's
 * line: whether the mission's timeline still matches its hash chain (GET missionDetail/verify).
 */
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { Alert, Button, CircularProgress, List, ListItem, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { billingAccess } from '../../domain/billing/access';
import { REPORT_KIND_LABELS, reportKindsFor, type MissionRow, type ReportKind } from '../../domain/missions';
import { REPORT_PDF_ERROR, REPORT_PDF_SUCCESS } from '../../domain/reports';
import { shortHash } from '../../domain/reports/chain';
import { REPORT_KIND_TARGET, reportFileName, TIMELINE_BROKEN, TIMELINE_INTACT } from '../../domain/reports/missionReport';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';
import type { CurrentUser } from '../../authProvider/useCurrentUser';
import { saveBlob } from '../../dataProvider/saveFile';
import { MissionDialog } from './MissionDialog';
import { missionReference } from './rowActionLabels';

function ChainLine({ missionId }: { missionId: string }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const chain = useQuery({
    queryKey: ['reports', 'chain', missionId],
    queryFn: ({ signal }) => dataProvider.verifyMissionChain(missionId, signal),
  });
  if (chain.isPending) {
    return (
      <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={16} aria-label="Verificando a linha do tempo" /> Verificando a linha do tempo...
      </Typography>
    );
  }
  if (chain.isError) return <Alert severity="info">Não foi possível verificar a linha do tempo agora.</Alert>;
  const { intact, headHash } = chain.data;
  return intact ? (
    <Alert severity="success" sx={{ wordBreak: 'break-all' }}>
      {headHash ? `${TIMELINE_INTACT} · ${shortHash(headHash)}` : TIMELINE_INTACT}
    </Alert>
  ) : (
    <Alert severity="warning">{TIMELINE_BROKEN}</Alert>
  );
}

export function MissionReportDialog({ row, user, onClose }: { row: MissionRow; user: CurrentUser; onClose: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [chosen, setChosen] = useState<ReportKind | null>(null);
  const status = row.storedStatus;
  // No stored status: a mission the provider lost, which has no report for it (rowActions).
  const kinds = reportKindsFor(user).filter((kind) => {
    const target = REPORT_KIND_TARGET[kind];
    return target === null || (status !== null && billingAccess(user, { ...row, status }, target) !== 'none');
  });

  const download = useOneSubmission(async (kind: ReportKind) => {
    setChosen(kind);
    try {
      const blob = await dataProvider.missionReportPdf(row._id, kind);
      saveBlob(blob, reportFileName(kind, row.processNumber, row._id));
      notify.success(REPORT_PDF_SUCCESS);
    } catch {
      notify.error(REPORT_PDF_ERROR);
    }
  });

  return (
    <MissionDialog
      title={`Relatório — Missão ${missionReference(row)}`}
      onClose={onClose}
      actions={<Button onClick={onClose}>Fechar</Button>}
    >
      <List dense aria-label="Relatórios disponíveis" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {kinds.map((kind) => (
          <ListItem key={kind} disableGutters sx={{ width: { xs: '100%', sm: 'auto' } }}>
            <Button
              variant="outlined"
              fullWidth
              aria-label={`Baixar relatório ${REPORT_KIND_LABELS[kind]}`}
              disabled={download.pending}
              startIcon={download.pending && chosen === kind ? <CircularProgress size={16} aria-label="Gerando relatório" /> : <PictureAsPdf />}
              onClick={() => void download.run(kind)}
            >
              {REPORT_KIND_LABELS[kind]}
            </Button>
          </ListItem>
        ))}
      </List>
      <ChainLine missionId={row._id} />
    </MissionDialog>
  );
}
