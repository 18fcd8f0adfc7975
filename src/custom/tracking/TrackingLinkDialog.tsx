/**
 * 'Compartilhar acompanhamento' (row action of open and running missions, and the details page):
 * the link to copy, its views and expiry, 'Revogar'. Opening it on a mission without a working link
 * creates one. The token is kept only as a hash, so an existing link cannot be shown again:
 * 'Gerar novo link' replaces it (the old one stops working).
 */
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Alert, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { MissionRow } from '../../domain/missions';
import { TRACKING_ACTION_LABEL, TRACKING_LINK_CREATED, TRACKING_LINK_REVOKED } from '../../domain/tracking';
import type { TrackingLinkInfo } from '../../domain/tracking/contracts';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { MissionDialog } from '../missions/MissionDialog';
import { missionReference } from '../missions/rowActionLabels';

const moment = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string) => moment.format(new Date(iso));
/** The risk manager sees new views while the dialog is open. */
const VIEWS_REFRESH_MS = 15_000;

function LinkFacts({ link }: { link: TrackingLinkInfo }) {
  return (
    <Stack spacing={0.5}>
      <Typography data-testid="tracking-views">
        Visualizações: <strong>{link.views}</strong>
        {link.lastViewedAt && ` (última em ${when(link.lastViewedAt)})`}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        Criado em {when(link.createdAt)}
        {link.createdByName && ` por ${link.createdByName}`}.{' '}
        {link.revokedAt
          ? `Revogado em ${when(link.revokedAt)}.`
          : link.expiresAt
            ? `${link.active ? 'Expira' : 'Expirou'} em ${when(link.expiresAt)}.`
            : 'Vale enquanto a missão estiver em andamento e por um tempo depois que ela terminar.'}
      </Typography>
    </Stack>
  );
}

export function TrackingLinkDialog({ mission, onClose }: { mission: Pick<MissionRow, '_id' | 'processNumber'>; onClose: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const key = ['missions', mission._id, 'tracking'];
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => dataProvider.trackingLink(mission._id, signal),
    refetchInterval: VIEWS_REFRESH_MS,
  });
  const [url, setUrl] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const create = useOneSubmission(async () => {
    try {
      const created = await dataProvider.createTrackingLink(mission._id);
      queryClient.setQueryData(key, { link: created.link });
      setUrl(created.url);
      notify.success(TRACKING_LINK_CREATED);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Não foi possível criar o link de acompanhamento');
    }
  });
  const revoke = useOneSubmission(async () => {
    try {
      queryClient.setQueryData(key, await dataProvider.revokeTrackingLink(mission._id));
      setUrl(null);
      notify.success(TRACKING_LINK_REVOKED);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Não foi possível revogar o link de acompanhamento');
    }
  });

  // Opening the dialog on a mission with no working link is asking for one.
  const asked = useRef(false);
  const link = state.data?.link ?? null;
  useEffect(() => {
    if (!state.isSuccess || asked.current) return;
    asked.current = true;
    if (!link?.active) void create.run();
  }, [state.isSuccess, link?.active, create]);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copiado');
    } catch {
      // No clipboard permission (an insecure origin, a refused prompt): select it for Ctrl+C.
      field.current?.select();
      notify.info('Selecione o link e copie com Ctrl+C');
    }
  };

  return (
    <MissionDialog
      title={`${TRACKING_ACTION_LABEL} — Missão ${missionReference(mission)}`}
      onClose={onClose}
      actions={
        <>
          {link?.active && (
            <Button color="error" onClick={() => void revoke.run()} disabled={revoke.pending}>
              Revogar
            </Button>
          )}
          <Button onClick={() => void create.run()} disabled={create.pending || state.isPending}>
            Gerar novo link
          </Button>
          <Button onClick={onClose}>Fechar</Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Quem receber o link acompanha esta missão sem login: status, local, previsão de chegada, linha do tempo e mapa — nunca valores,
          dados dos agentes ou outras prestadoras.
        </Typography>
        {state.isPending || create.pending ? (
          <CircularProgress size={24} aria-label="Carregando o link de acompanhamento" />
        ) : state.isError ? (
          <Alert severity="error">Não foi possível carregar o link de acompanhamento.</Alert>
        ) : null}
        {url && link?.active && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              label="Link de acompanhamento"
              value={url}
              inputRef={field}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'tracking-url' } }}
              onFocus={(event) => event.target.select()}
            />
            <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void copy()}>
              Copiar
            </Button>
          </Stack>
        )}
        {!url && link?.active && (
          <Alert severity="info">
            Um link está ativo. Por segurança, o endereço só aparece quando é criado: use &quot;Gerar novo link&quot; para copiar um (o atual
            deixa de funcionar).
          </Alert>
        )}
        {link && !link.active && <Alert severity="warning">{link.revokedAt ? 'Link revogado: quem o abrir verá que ele não vale mais.' : 'Link expirado.'}</Alert>}
        {link && <LinkFacts link={link} />}
      </Stack>
    </MissionDialog>
  );
}
