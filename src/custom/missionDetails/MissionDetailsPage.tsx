import { Box, Button, Paper, Stack, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { useDataProvider } from 'ra-core';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import {
  ATTACHMENT_FILE_REQUIRED,
  canWriteSubCollection,
  DETAILS_TABS,
  itemName,
  type Attachment,
  type MissionDetailsResponse,
  type Occurrence,
  type SecurityAgentDisplay,
  type SubCollection,
  type Vehicle,
} from '../../domain/missionDetails';
import { missionActor } from '../../domain/missions/stateMachine';
import type { SecurityAgentValues, VehicleValues } from '../../domain/schemas/missionDetails';
import { TRACKING_ACTION_LABEL } from '../../domain/tracking';
import { Spinner } from '../../layout/Spinner';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { AGENT_COLUMNS, ATTACHMENT_COLUMNS, OCCURRENCE_COLUMNS, VEHICLE_COLUMNS } from './columns';
import { CollectionTab } from './CollectionTab';
import { CostMeter } from './CostMeter';
import { TeamsMap } from './TeamsMap';
import { AttachmentForm, attachmentFields, type AttachmentSubmit } from './AttachmentForm';
import { AgentForm, VehicleForm } from './forms';
import { LoadFailed } from './LoadFailed';
import { OccurrenceForm } from './OccurrenceForm';
import { MissionHeader } from './MissionHeader';
import { NextAction } from './NextAction';
import { SosPanel } from '../alarms/SosPanel';
import { missionReference } from '../missions/rowActionLabels';
import { QueuedItems } from './QueuedItems';
import { useDetailsWrite, useMissionDetails, useMissionRow, useQueuedAttachment, useQueuedItemWrite } from './useMissionDetails';
import type { OutboxDraftState } from '../../layout/OutboxProvider';

const TAB_ORDER: SubCollection[] = ['vehicles', 'ocurrencies', 'securityagents', 'attachments'];

type Editing<T> = { item: T | null } | null;

/** `createdAt`: the item an edit was for (absent: a new item). */
type ItemDraft = { collection: SubCollection; values: Record<string, unknown>; createdAt?: string };

/**
 * A refused item of this mission taken back to be edited ('Editar', OutboxNotice): its tab opens on
 * its form — the edited item's, when it was an edit and the item is still there.
 */
function itemDraft(state: unknown, missionId: string): ItemDraft | null {
  const draft = (state as Partial<OutboxDraftState> | null)?.outboxDraft;
  if (draft?.kind !== 'missionItem' || draft.missionId !== missionId) return null;
  return { collection: draft.collection, values: draft.values, createdAt: draft.createdAt };
}

/** A refused attachment of this mission taken back to be edited: its form opens with its photo. */
function attachmentDraft(state: unknown, missionId: string): AttachmentSubmit | null {
  const draft = (state as Partial<OutboxDraftState> | null)?.outboxDraft;
  if (draft?.kind !== 'attachment' || draft.missionId !== missionId) return null;
  const { description, capturedAt = null, latitude = null, longitude = null } = draft.fields;
  const file = new File([draft.file], draft.fileName, { type: draft.file.type });
  return { description, capture: { file, capturedAt, latitude, longitude } };
}

/** The item the draft edits, found among the tab's items; null for a new one. */
const draftedItem = (draft: ItemDraft | null, items: readonly { createdAt: string }[]) =>
  (draft?.createdAt !== undefined && items.find((i) => i.createdAt === draft.createdAt)) || null;

/**
 * On a phone the four tabs do not fit one line (the last was cut at the edge): they wrap onto a
 * second one, the chosen tab marked by its own underline and bold text (the sliding indicator follows a
 * single line only).
 */
const wrappedTabsSx = {
  '& .MuiTabs-flexContainer': { flexWrap: 'wrap' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': { flex: '1 0 auto' },
  // No shade under the chosen tab: a risk manager's primary colour on grey falls below 4.5:1 contrast.
  '& .MuiTab-root.Mui-selected': { boxShadow: 'inset 0 -2px 0 currentColor', fontWeight: 700 },
} as const;

const TrackingLinkDialog = lazy(() => import('../tracking/TrackingLinkDialog').then((m) => ({ default: m.TrackingLinkDialog })));

/**
 * /home/missions/{missionId}/details/{missionStatus} (docs/rules/missions.md): which mission it is
 * (MissionHeader, with its timeline), tabs Veículos, Ocorrências, Prestadores, Anexos and a Chat
 * button; while it runs, the holding team's next step first (NextAction) and its cost so far on the caller's side (CostMeter). A tab is editable only while the mission is started and by its writer (vehicles: the
 * risk manager; the rest: the provider holding it).
 */
export function MissionDetailsPage() {
  // 'Editar' on a refused action brings its draft in a new navigation: the screen starts over from it.
  return <DetailsScreen key={useLocation().key} />;
}

function DetailsScreen() {
  const { missionId = '' } = useParams();
  const { user } = useCurrentUser();
  const query = useMissionDetails(missionId);
  const mission = useMissionRow(missionId);
  const state: unknown = useLocation().state;
  const draft = itemDraft(state, missionId);
  const photoDraft = attachmentDraft(state, missionId);
  const [tab, setTab] = useState<SubCollection>(draft?.collection ?? (photoDraft ? 'attachments' : 'vehicles'));
  const [sharing, setSharing] = useState(false);
  const navigate = useNavigate();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (query.isPending || mission.isPending) return <Spinner />;
  if (query.isError || mission.isError) {
    return <LoadFailed onRetry={() => void Promise.all([query.refetch(), mission.refetch()])} retrying={query.isFetching || mission.isFetching} />;
  }
  const details = query.data;
  const actor = user ? missionActor(user, details.mission) : 'none';
  const editable = (c: SubCollection) => canWriteSubCollection(c, actor, details.mission.status);
  // The same rule as the row action (rowActions): the risk manager, while the mission is open or running.
  const shareable = actor === 'riskManager' && (details.mission.status === 'open' || details.mission.status === 'started');
  return (
    <Paper sx={{ p: 2 }}>
      <MissionHeader
        mission={mission.data}
        title="Detalhes da missão"
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {shareable && (
              <Button variant="outlined" onClick={() => setSharing(true)}>
                {TRACKING_ACTION_LABEL}
              </Button>
            )}
            <Button variant="outlined" onClick={() => void navigate(`/home/missions/${missionId}/chat/${details.mission.status}`)}>
              Chat
            </Button>
          </Stack>
        }
      />
      {details.mission.status === 'started' && actor === 'holder' && <NextAction missionId={missionId} mission={mission.data} details={details} />}
      {details.mission.status === 'started' && actor === 'holder' && <SosPanel missionId={missionId} reference={missionReference(mission.data)} />}
      {details.mission.status === 'started' && (actor === 'riskManager' || actor === 'holder') && <CostMeter missionId={missionId} />}
      {details.mission.status === 'started' && (actor === 'riskManager' || actor === 'holder') && mission.data && <TeamsMap mission={mission.data} />}
      {sharing && (
        <Suspense fallback={null}>
          <TrackingLinkDialog mission={mission.data} onClose={() => setSharing(false)} />
        </Suspense>
      )}
      <Tabs
        value={tab}
        onChange={(_e, value: SubCollection) => setTab(value)}
        variant={phone ? 'standard' : 'scrollable'}
        scrollButtons="auto"
        sx={{ mb: 2, ...(phone ? wrappedTabsSx : {}) }}
      >
        {TAB_ORDER.map((c) => (
          <Tab key={c} value={c} label={DETAILS_TABS[c]} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={DETAILS_TABS[tab]}>
        <DetailsTab
          key={tab}
          missionId={missionId}
          collection={tab}
          details={details}
          editable={editable(tab)}
          draft={draft?.collection === tab ? draft : null}
          photoDraft={tab === 'attachments' ? photoDraft : null}
        />
      </Box>
    </Paper>
  );
}

function DetailsTab({
  missionId,
  collection,
  details,
  editable,
  draft,
  photoDraft,
}: {
  missionId: string;
  collection: SubCollection;
  details: MissionDetailsResponse;
  editable: boolean;
  draft: ItemDraft | null;
  photoDraft: AttachmentSubmit | null;
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const write = useDetailsWrite(missionId);
  const queued = useQueuedItemWrite(missionId);
  const tabItems: Record<SubCollection, readonly { createdAt: string }[]> = {
    vehicles: details.vehiclesDisplay,
    ocurrencies: details.ocurrenciesDisplay,
    securityagents: details.securityAgentsDisplay,
    attachments: details.attachments,
  };
  const addAttachment = useQueuedAttachment(missionId);
  const [editing, setEditing] = useState<Editing<unknown>>(() =>
    draft ? { item: draftedItem(draft, tabItems[collection]) } : photoDraft ? { item: null } : null,
  );
  const close = () => setEditing(null);
  const open = (item: unknown) => setEditing({ item });
  const common = { editable, onAdd: () => open(null), onEdit: open, collection };

  if (collection === 'attachments') {
    const item = editing?.item as Attachment | null | undefined;
    return (
      <>
        <QueuedItems missionId={missionId} collection="attachments" />
        <CollectionTab<Attachment>
          {...common}
          items={details.attachments}
          columns={ATTACHMENT_COLUMNS}
          onDelete={(a) => write('attachments', 'delete', () => dataProvider.deleteMissionAttachment(missionId, a.createdAt))}
          nameOf={(a) => itemName('attachments', a)}
        />
        {editing && (
          <AttachmentForm
            initial={item ?? null}
            draft={item ? null : photoDraft}
            onClose={close}
            onSubmit={({ description, capture }) =>
              item
                ? write('attachments', 'update', () => dataProvider.updateMissionAttachment(missionId, item.createdAt, description))
                : write('attachments', 'add', () =>
                    capture ? addAttachment(attachmentFields(description, capture), capture.file) : Promise.reject(new Error(ATTACHMENT_FILE_REQUIRED)),
                  )
            }
          />
        )}
      </>
    );
  }

  // The refused values go back into the form they were typed in: the new item's, or the edited item's.
  const draftValues = draft && draft.createdAt === (editing?.item as { createdAt: string } | null | undefined)?.createdAt ? draft.values : undefined;
  const save = (item: { createdAt: string } | null | undefined, values: object) =>
    item
      ? write(collection, 'update', () => queued(collection, values, item.createdAt))
      : write(collection, 'add', () => queued(collection, values));
  const remove = (item: { createdAt: string }) => write(collection, 'delete', () => dataProvider.deleteMissionItem(missionId, collection, item.createdAt));

  if (collection === 'vehicles') {
    const item = editing?.item as Vehicle | null | undefined;
    return (
      <>
        <QueuedItems missionId={missionId} collection="vehicles" />
        <CollectionTab<Vehicle> {...common} items={details.vehiclesDisplay} columns={VEHICLE_COLUMNS} onDelete={remove} nameOf={(v) => itemName('vehicles', v)} />
        {editing && <VehicleForm initial={item ?? null} draft={draftValues as VehicleValues | undefined} onClose={close} onSubmit={(v) => save(item, v)} />}
      </>
    );
  }
  if (collection === 'ocurrencies') {
    const item = editing?.item as Occurrence | null | undefined;
    return (
      <>
        <QueuedItems missionId={missionId} collection="ocurrencies" />
        <CollectionTab<Occurrence> {...common} items={details.ocurrenciesDisplay} columns={OCCURRENCE_COLUMNS} onDelete={remove} nameOf={(o) => itemName('ocurrencies', o)} />
        {editing && <OccurrenceForm initial={item ?? null} draft={draftValues} onClose={close} onSubmit={(v) => save(item, v)} />}
      </>
    );
  }
  const item = editing?.item as SecurityAgentDisplay | null | undefined;
  return (
    <>
      <QueuedItems missionId={missionId} collection="securityagents" />
      <CollectionTab<SecurityAgentDisplay> {...common} items={details.securityAgentsDisplay} columns={AGENT_COLUMNS} onDelete={remove} nameOf={(a) => itemName('securityagents', a)} />
      {editing && <AgentForm initial={item ?? null} draft={draftValues as SecurityAgentValues | undefined} onClose={close} onSubmit={(v) => save(item, v)} />}
    </>
  );
}
