import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { useSession } from '../../authProvider/useSession';
import {
  canWriteChat,
  chatTitle,
  CHAT_LOAD_OLDER,
  CHAT_POLL_MS,
  CHAT_WINDOW,
  DETAILS_LOAD_FAILED,
  DETAILS_RETRY,
  MESSAGE_DELETE_FAILED,
  MESSAGE_DELETED,
  MESSAGE_DELETING,
  MESSAGE_SEND_FAILED,
} from '../../domain/missionDetails';
import { missionActor } from '../../domain/missions/stateMachine';
import { HttpError } from '../../dataProvider/HttpError';
import { notify } from '../../layout/notify';
import { KEPT_ON_DEVICE, useMissionOutbox, useOutboxSent, useOutboxSubmit, type OutboxDraftState } from '../../layout/OutboxProvider';
import { Spinner } from '../../layout/Spinner';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { LIVE_POLL_MS } from '../live/livePolling';
import { chatQueryKey, useLiveMissions } from '../live/useLiveMissions';
import { MissionHeader } from '../missionDetails/MissionHeader';
import { useMissionDetails, useMissionRow } from '../missionDetails/useMissionDetails';
import { ChatBubble, QueuedBubble } from './ChatBubble';
import { ChatComposer } from './ChatComposer';
import { missionReference } from '../missions/rowActionLabels';
import { useOpenMissionFile } from './useMissionFile';
import { useNewMessageAnnouncement } from './useNewMessageAnnouncement';

/** A refused message of this mission taken back to be edited ('Editar', OutboxNotice). */
function chatDraft(state: unknown, missionId: string) {
  const draft = (state as Partial<OutboxDraftState> | null)?.outboxDraft;
  if (draft?.kind !== 'chatMessage' || draft.missionId !== missionId) return undefined;
  return { message: draft.message, file: draft.file && new File([draft.file], draft.fileName ?? 'arquivo', { type: draft.file.type }) };
}

/**
 * /home/missions/{missionId}/chat/{missionStatus} (docs/rules/missions.md): the mission's header
 * (MissionHeader, titled by role, with its timeline and a way back to the details), the
 * messages oldest first (newest at the bottom, the list at most 85% of the viewport high), the
 * composer only while the caller may write. Only the latest CHAT_WINDOW messages are rendered, older
 * ones a window at a time on request. The list is refetched on the live stream's chat events
 * and polled as a fallback, except for an unauthorized session; others' new messages are said
 * politely to a screen reader.
 */
export function ChatPage() {
  const { missionId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const submit = useOutboxSubmit();
  const queued = useMissionOutbox(missionId, 'chatMessage');
  const { user } = useCurrentUser();
  const { isUnauthorized } = useSession();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const openFile = useOpenMissionFile();
  const details = useMissionDetails(missionId);
  const row = useMissionRow(missionId);
  const chatKey = chatQueryKey(missionId);
  // Messages arrive as live events; polling is the fallback (slow while the stream is up).
  const live = useLiveMissions();
  const chat = useQuery({
    queryKey: chatKey,
    queryFn: () => dataProvider.missionChat(missionId),
    refetchInterval: isUnauthorized ? false : live === 'live' ? LIVE_POLL_MS : CHAT_POLL_MS,
    retry: false,
  });
  const [shown, setShown] = useState(CHAT_WINDOW);
  const bottom = useRef<HTMLDivElement>(null);
  useNewMessageAnnouncement(chat.data, user?.id, row.data && missionReference(row.data));
  useOutboxSent(missionId, () => void queryClient.invalidateQueries({ queryKey: chatKey }));
  const count = (chat.data?.length ?? 0) + queued.length;
  useEffect(() => {
    // A statement, not an arrow's value: recent Chromium returns a promise from scrollIntoView,
    // which React would take for a clean-up function.
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  if (details.isPending || chat.isPending || row.isPending) return <Spinner />;
  if (details.isError || chat.isError || row.isError) {
    return (
      <Stack spacing={2} alignItems="flex-start" sx={{ p: 2 }}>
        <Alert severity="error">{DETAILS_LOAD_FAILED}</Alert>
        <Button variant="contained" onClick={() => void Promise.all([details.refetch(), chat.refetch(), row.refetch()])}>
          {DETAILS_RETRY}
        </Button>
      </Stack>
    );
  }
  const mission = details.data.mission;
  const actor = user ? missionActor(user, mission) : 'none';
  const writable = canWriteChat(actor, mission.status);
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatKey });

  // Without signal the message waits on the device, shown as such below the others (docs/rules/field-app.md).
  const send = async (message: string, file: File | null) => {
    try {
      const sent = await submit({ kind: 'chatMessage', missionId, message, file, fileName: file?.name ?? null });
      if (sent !== KEPT_ON_DEVICE) await refresh();
      return true;
    } catch (error) {
      notify.error(error instanceof HttpError && error.status === 413 ? error.message : MESSAGE_SEND_FAILED);
      return false;
    }
  };
  const remove = async (id: string) => {
    const toast = notify.loading(MESSAGE_DELETING);
    try {
      await dataProvider.deleteChatMessage(id);
      notify.success(MESSAGE_DELETED, { id: toast });
      await refresh();
    } catch {
      notify.error(MESSAGE_DELETE_FAILED, { id: toast });
    }
  };

  return (
    <Paper sx={{ p: 2 }}>
      <MissionHeader
        mission={row.data}
        title={chatTitle(mission.serviceProviderName, user?.role.type === 'risk_manager')}
        actions={
          <Button variant="outlined" onClick={() => void navigate(`/home/missions/${missionId}/details/${mission.status}`)}>
            Detalhes
          </Button>
        }
      />
      <Stack spacing={1} sx={{ maxHeight: '85vh', overflowY: 'auto', mb: 2 }} data-testid="chat-list">
        {chat.data.length === 0 && <Typography color="text.secondary">Nenhuma mensagem.</Typography>}
        {chat.data.length > shown && (
          <Button size="small" sx={{ alignSelf: 'center' }} onClick={() => setShown((n) => n + CHAT_WINDOW)}>
            {CHAT_LOAD_OLDER}
          </Button>
        )}
        {chat.data.slice(-shown).map((m) => (
          <ChatBubble
            key={m._id}
            message={m}
            own={m.sender === user?.role.type}
            deletable={writable && m.senderUser === user?.id}
            onDelete={() => remove(m._id)}
            onOpenFile={(file) => void openFile.run('chat', file)}
            openingFile={openFile.pending}
          />
        ))}
        {queued.map((entry) => (
          <QueuedBubble key={entry.seq} message={entry.action.message} fileName={entry.action.fileName} rejection={entry.rejection} />
        ))}
        <Box ref={bottom} />
      </Stack>
      {writable && <ChatComposer key={location.key} onSend={send} draft={chatDraft(location.state, missionId)} />}
    </Paper>
  );
}
