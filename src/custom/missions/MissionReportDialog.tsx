/**
 * Row action 'report' (spec 2: the report PDF modal; spec 4: shipper, provider and the simple
 * 'Atendimento' report): the kinds this viewer may extract. The PDF itself comes with the reports
 * issue (GET /api/reports/missionDetail/pdf), so, like the other screens still to come, the
 * dialog says so instead of offering a button that does nothing.
 */
import { Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { REPORT_KIND_LABELS, reportKindsFor, type MissionRow } from '../../domain/missions';
import type { CurrentUser } from '../../resources/framework/types';
import { MissionDialog } from './MissionDialog';

export function MissionReportDialog({ row, user, onClose }: { row: MissionRow; user: CurrentUser; onClose: () => void }) {
  return (
    <MissionDialog
      title={`Relatório — Missão ${row.processNumber ?? row._id}`}
      onClose={onClose}
      actions={<Button onClick={onClose}>Fechar</Button>}
    >
      <List dense aria-label="Relatórios disponíveis">
        {reportKindsFor(user).map((kind) => (
          <ListItem key={kind}>
            <ListItemText primary={REPORT_KIND_LABELS[kind]} />
          </ListItem>
        ))}
      </List>
      <Typography color="text.secondary">
        A extração do relatório em PDF ainda não está disponível: ela chega em uma próxima versão do sistema.
      </Typography>
    </MissionDialog>
  );
}
