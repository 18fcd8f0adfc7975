/**
 * 'Solicitações de titulares' (docs/rules/privacy.md): the search of a data subject with its exports
 * and anonymisation, then the requests received — kind, who asked, the day received, the 15-day
 * deadline, the answer and its date — one card each, so it reads on a phone as on a desk.
 */
import { useState } from 'react';
import { Box, Button, Chip, Divider, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { serverNow } from '../../dataProvider/serverClock';
import { dayText } from '../../domain/agents/licence';
import { PRIVACY_REQUEST_KIND_LABELS } from '../../domain/privacy';
import type { PrivacyRequest } from '../../domain/privacy/contracts';
import { brasiliaToday } from '../../domain/privacy/schemas';
import { PRIVACY_TEXTS as T } from '../../domain/privacy/texts';
import { notify } from '../../layout/notify';
import { messageOf } from '../messageOf';
import { CardList } from './CardList';
import type { PanelProps } from './panelProps';
import { AnswerDialog, RequestDialog } from './RequestDialogs';
import { SubjectSearch } from './SubjectSearch';

const instantText = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function RequestState({ request, today }: { request: PrivacyRequest; today: string }) {
  if (request.answeredAt) return <Chip size="small" color="success" label={T.answered} />;
  if (request.deadline < today) return <Chip size="small" color="error" label={T.late} />;
  return <Chip size="small" color="warning" label={T.open} />;
}

function RequestCard({ request, today, onAnswer }: { request: PrivacyRequest; today: string; onAnswer: () => void }) {
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 2 }} aria-label={`${PRIVACY_REQUEST_KIND_LABELS[request.kind]} — ${request.subject}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ wordBreak: 'break-word' }}>
          {`${PRIVACY_REQUEST_KIND_LABELS[request.kind]} — ${request.subject}`}
        </Typography>
        <RequestState request={request} today={today} />
      </Stack>
      <Typography variant="body2">{`${T.requesterName}: ${request.requesterName} · ${T.channel}: ${request.channel}`}</Typography>
      <Typography variant="body2">{`${T.receivedOn}: ${dayText(request.receivedOn)} · ${T.deadline}: ${dayText(request.deadline)}`}</Typography>
      <Typography variant="body2" color="text.secondary">{`${T.recordedBy}: ${request.recordedByName}`}</Typography>
      {request.answer !== null && request.answeredAt !== null ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{`${T.answer}: ${request.answer}`}</Typography>
          <Typography variant="body2" color="text.secondary">{`${T.answeredAt}: ${instantText(request.answeredAt)}`}</Typography>
        </Box>
      ) : (
        <Button size="small" variant="outlined" sx={{ mt: 1.5 }} onClick={onAnswer} aria-label={`${T.giveAnswer} — ${request.subject}`}>
          {T.giveAnswer}
        </Button>
      )}
    </Paper>
  );
}

export function SubjectsPanel({ tenant }: PanelProps) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ['privacyRequests', tenant ?? ''] as const;
  const requests = useQuery({ queryKey, queryFn: ({ signal }) => dataProvider.privacyRequests(tenant, signal) });
  const [newFor, setNewFor] = useState<string | null>(null);
  const [answering, setAnswering] = useState<PrivacyRequest | null>(null);
  const today = brasiliaToday(serverNow());
  const saved = async (message: string) => {
    notify.success(message);
    await queryClient.invalidateQueries({ queryKey });
    return true;
  };
  const failed = (error: unknown) => {
    notify.error(messageOf(error));
    return false;
  };

  return (
    <Box>
      <SubjectSearch tenant={tenant} onNewRequest={setNewFor} />
      <Divider sx={{ my: 3 }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {T.requests}
          </Typography>
          <Typography variant="body2" color="text.secondary">{`${T.deadline}: ${T.deadlineHint}`}</Typography>
        </Box>
        <Button variant="contained" onClick={() => setNewFor('')} sx={{ flexShrink: 0 }}>
          {T.newRequest}
        </Button>
      </Stack>
      <CardList query={requests} label={T.requests} empty={T.noRequests} card={(request) => <RequestCard key={request._id} request={request} today={today} onAnswer={() => setAnswering(request)} />} />
      {newFor !== null && (
        <RequestDialog
          subject={newFor}
          onClose={() => setNewFor(null)}
          onSave={(values) => dataProvider.createPrivacyRequest({ ...values, riskManager: tenant ?? null }).then(() => saved(T.requestSaved), failed)}
        />
      )}
      {answering && (
        <AnswerDialog
          subject={answering.subject}
          onClose={() => setAnswering(null)}
          onSave={({ answer }) => dataProvider.answerPrivacyRequest(answering._id, answer).then(() => saved(T.answerSaved), failed)}
        />
      )}
    </Box>
  );
}
