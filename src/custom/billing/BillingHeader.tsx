/**
 * The top of the billing screen: the title naming the party and the process number, the mission's
 * status (it moves when a side is billed), who the mission was for and by whom, and the security
 * agents with their km and time totals (docs/rules/billing.md), which the price table's usage comes from.
 */
import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { BillingTarget, MissionBilling } from '../../domain/billing';
import { billingTitle } from '../../domain/billing/messages';
import { AGENT_HOURS_LABEL } from '../../domain/billing/totals';
import { MissionStatusChip } from '../missions/MissionStatusChip';

const infoGrid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } } as const;

function Info({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

export function BillingHeader({ billing, target }: { billing: MissionBilling; target: BillingTarget }) {
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h1">
          {`${billingTitle(target)} · Processo ${billing.processNumberDisplay}`}
        </Typography>
        <Box aria-label="Status da missão">
          <MissionStatusChip status={billing.missionStatus} />
        </Box>
      </Stack>
      <Box sx={infoGrid}>
        <Info label="Processo" value={billing.processNumberDisplay} />
        <Info label="Criada em" value={billing.createdAtDisplay} />
        <Info label="Cliente" value={billing.shipperInfo.name} />
        <Info label="Prestadora" value={billing.serviceProviderInfo?.name ?? '—'} />
      </Box>
      <AgentsTotals agents={billing.securityAgents} />
    </Stack>
  );
}

function AgentsTotals({ agents }: { agents: MissionBilling['securityAgents'] }) {
  if (agents.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nenhum prestador registrado na missão: sem utilização a cobrar além do valor do atendimento.
      </Typography>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Prestadores">
        <TableHead>
          <TableRow>
            <TableCell>Prestador</TableCell>
            <TableCell sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>Total km</TableCell>
            <TableCell sx={{ textAlign: 'right' }}>{AGENT_HOURS_LABEL}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {agents.map((agent, i) => (
            // Agents carry no id here and two may share a name; their order is the mission's.
            <TableRow key={`${i}:${agent.name}`}>
              <TableCell>{agent.name}</TableCell>
              <TableCell sx={{ textAlign: 'right' }}>{agent.totals.kmText}</TableCell>
              <TableCell sx={{ textAlign: 'right' }}>{agent.totals.timeText}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
