import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useDataProvider } from 'ra-core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import {
  canWriteSubCollection,
  DETAILS_TABS,
  type Attachment,
  type MissionDetailsResponse,
  type Occurrence,
  type SecurityAgentDisplay,
  type SubCollection,
  type Vehicle,
} from '../../domain/missionDetails';
import { missionActor } from '../../domain/missions/stateMachine';
import { MISSION_STATUS_LABELS } from '../../domain/missions/statuses';
import { Spinner } from '../../resources/framework/Spinner';
import { useCurrentUser } from '../../resources/framework/useCurrentUser';
import { AGENT_COLUMNS, ATTACHMENT_COLUMNS, OCCURRENCE_COLUMNS, VEHICLE_COLUMNS } from './columns';
import { CollectionTab } from './CollectionTab';
import { AgentForm, AttachmentForm, VehicleForm } from './forms';
import { LoadFailed } from './LoadFailed';
import { OccurrenceForm } from './OccurrenceForm';
import { useDetailsWrite, useMissionDetails } from './useMissionDetails';

const TAB_ORDER: SubCollection[] = ['vehicles', 'ocurrencies', 'securityagents', 'attachments'];

type Editing<T> = { item: T | null } | null;

/**
 * /home/missions/{missionId}/details/{missionStatus} (spec 2, Mission details): tabs Veículos,
 * Ocorrências, Prestadores, Anexos and a Chat button. A tab is editable only while the mission is
 * started and by its writer (vehicles: the risk manager; the rest: the provider holding it).
 */
export function MissionDetailsPage() {
  const { missionId = '' } = useParams();
  const { user } = useCurrentUser();
  const query = useMissionDetails(missionId);
  const [tab, setTab] = useState<SubCollection>('vehicles');
  const navigate = useNavigate();
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const details = query.data;
  const actor = user ? missionActor(user, details.mission) : 'none';
  const editable = (c: SubCollection) => canWriteSubCollection(c, actor, details.mission.status);
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="h6">Detalhes da missão · {MISSION_STATUS_LABELS[details.mission.status]}</Typography>
        <Button variant="outlined" onClick={() => void navigate(`/home/missions/${missionId}/chat/${details.mission.status}`)}>
          Chat
        </Button>
      </Stack>
      <Tabs value={tab} onChange={(_e, value: SubCollection) => setTab(value)} sx={{ mb: 2 }}>
        {TAB_ORDER.map((c) => (
          <Tab key={c} value={c} label={DETAILS_TABS[c]} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={DETAILS_TABS[tab]}>
        <DetailsTab key={tab} missionId={missionId} collection={tab} details={details} editable={editable(tab)} />
      </Box>
    </Paper>
  );
}

function DetailsTab({ missionId, collection, details, editable }: { missionId: string; collection: SubCollection; details: MissionDetailsResponse; editable: boolean }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const write = useDetailsWrite(missionId);
  const [editing, setEditing] = useState<Editing<unknown>>(null);
  const close = () => setEditing(null);
  const open = (item: unknown) => setEditing({ item });
  const common = { editable, onAdd: () => open(null), onEdit: open, collection };

  if (collection === 'attachments') {
    const item = editing?.item as Attachment | null | undefined;
    return (
      <>
        <CollectionTab<Attachment>
          {...common}
          items={details.attachments}
          columns={ATTACHMENT_COLUMNS}
          onDelete={(a) => write('attachments', 'delete', () => dataProvider.deleteMissionAttachment(missionId, a.createdAt))}
        />
        {editing && (
          <AttachmentForm
            initial={item ?? null}
            onClose={close}
            onSubmit={(v) =>
              item
                ? write('attachments', 'update', () => dataProvider.updateMissionAttachment(missionId, item.createdAt, v.description))
                : write('attachments', 'add', () => dataProvider.addMissionAttachment(missionId, v.description, v.file as File))
            }
          />
        )}
      </>
    );
  }

  const save = (item: { createdAt: string } | null | undefined, values: object) =>
    item
      ? write(collection, 'update', () => dataProvider.updateMissionItem(missionId, collection, item.createdAt, values))
      : write(collection, 'add', () => dataProvider.addMissionItem(missionId, collection, values));
  const remove = (item: { createdAt: string }) => write(collection, 'delete', () => dataProvider.deleteMissionItem(missionId, collection, item.createdAt));

  if (collection === 'vehicles') {
    const item = editing?.item as Vehicle | null | undefined;
    return (
      <>
        <CollectionTab<Vehicle> {...common} items={details.vehiclesDisplay} columns={VEHICLE_COLUMNS} onDelete={remove} />
        {editing && <VehicleForm initial={item ?? null} onClose={close} onSubmit={(v) => save(item, v)} />}
      </>
    );
  }
  if (collection === 'ocurrencies') {
    const item = editing?.item as Occurrence | null | undefined;
    return (
      <>
        <CollectionTab<Occurrence> {...common} items={details.ocurrenciesDisplay} columns={OCCURRENCE_COLUMNS} onDelete={remove} />
        {editing && <OccurrenceForm initial={item ?? null} onClose={close} onSubmit={(v) => save(item, v)} />}
      </>
    );
  }
  const item = editing?.item as SecurityAgentDisplay | null | undefined;
  return (
    <>
      <CollectionTab<SecurityAgentDisplay> {...common} items={details.securityAgentsDisplay} columns={AGENT_COLUMNS} onDelete={remove} />
      {editing && <AgentForm initial={item ?? null} onClose={close} onSubmit={(v) => save(item, v)} />}
    </>
  );
}
