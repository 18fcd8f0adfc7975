/**
 * 'Chaves de API' (docs/rules/integrations.md): the tenant's keys — prefix, permissions, who made
 * it, last use, validity and state — with 'Nova chave' (the secret shown once, to copy) and
 * 'Revogar' after a confirmation. One card per key, so it reads on a phone as on a desk. The
 * platform admin picks the tenant first, as on the audit screen.
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import type { AppDataProvider } from '../../dataProvider';
import { isHttpError } from '../../dataProvider/HttpError';
import { API_KEY_SCOPE_LABELS, API_KEY_STATUS_LABELS, apiKeyStatus, INTEGRATION_TEXTS } from '../../domain/integrations/apiKeys';
import type { ApiKey, CreatedApiKey } from '../../domain/integrations/contracts';
import type { NewApiKeyValues } from '../../domain/integrations/schemas';
import { DeleteConfirmDialog } from '../../layout/DeleteConfirmDialog';
import { notify } from '../../layout/notify';
import { Spinner } from '../../layout/Spinner';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { NewApiKeyDialog } from './NewApiKeyDialog';
import { SecretDialog } from './SecretDialog';
import { TenantSelect } from '../TenantSelect';

const FAILED = 'Não foi possível concluir. Tente novamente.';
const messageOf = (error: unknown) => (isHttpError(error) && error.apiError.kind === 'generic_error' ? error.apiError.message : FAILED);
const dateText = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function KeyCard({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const status = apiKeyStatus(apiKey, new Date());
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 2, opacity: status === 'active' ? 1 : 0.7 }} aria-label={apiKey.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ wordBreak: 'break-word' }}>
          {apiKey.name}
        </Typography>
        <Chip size="small" color={status === 'active' ? 'success' : 'default'} label={API_KEY_STATUS_LABELS[status]} />
      </Stack>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>{`${apiKey.prefix}…`}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 1 }}>
        {apiKey.scopes.map((scope) => (
          <Chip key={scope} size="small" variant="outlined" label={API_KEY_SCOPE_LABELS[scope]} title={scope} />
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary">{`${INTEGRATION_TEXTS.createdBy} ${apiKey.createdBy} · ${dateText(apiKey.createdAt)}`}</Typography>
      <Typography variant="body2" color="text.secondary">{`${INTEGRATION_TEXTS.lastUsed}: ${apiKey.lastUsedAt ? dateText(apiKey.lastUsedAt) : INTEGRATION_TEXTS.never}`}</Typography>
      <Typography variant="body2" color="text.secondary">
        {apiKey.revokedAt
          ? `${API_KEY_STATUS_LABELS.revoked} em ${dateText(apiKey.revokedAt)}`
          : apiKey.expiresAt
            ? `${INTEGRATION_TEXTS.expires} ${dateText(apiKey.expiresAt)}`
            : INTEGRATION_TEXTS.noExpiry}
      </Typography>
      {apiKey.revokedAt === null && (
        <Button variant="outlined" color="error" size="small" sx={{ mt: 1.5 }} onClick={onRevoke} aria-label={`${INTEGRATION_TEXTS.revoke} ${apiKey.name}`}>
          {INTEGRATION_TEXTS.revoke}
        </Button>
      )}
    </Paper>
  );
}

function Keys({ tenant }: { tenant: string | null }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ['apiKeys', tenant] as const;
  const keys = useQuery({ queryKey, queryFn: ({ signal }) => dataProvider.apiKeys(tenant, signal) });
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey });

  const create = async (values: NewApiKeyValues) => {
    try {
      const answer = await dataProvider.createApiKey({ ...values, riskManager: tenant });
      setAdding(false);
      setCreated(answer);
      await reload();
    } catch (error) {
      notify.error(messageOf(error));
    }
  };
  const revoke = useOneSubmission(async (apiKey: ApiKey) => {
    try {
      await dataProvider.revokeApiKey(apiKey._id);
      setRevoking(null);
      await reload();
    } catch (error) {
      notify.error(messageOf(error));
    }
  });

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {INTEGRATION_TEXTS.keysIntro}
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)} sx={{ flexShrink: 0 }}>
          {INTEGRATION_TEXTS.add}
        </Button>
      </Stack>
      {keys.isPending ? (
        <Spinner />
      ) : keys.isError ? (
        <Alert severity="error">{messageOf(keys.error)}</Alert>
      ) : keys.data.length === 0 ? (
        <Typography>{INTEGRATION_TEXTS.empty}</Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {keys.data.map((apiKey) => (
            <KeyCard key={apiKey._id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
          ))}
        </Box>
      )}
      {adding && <NewApiKeyDialog onSave={create} onClose={() => setAdding(false)} />}
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
      <DeleteConfirmDialog
        open={revoking !== null}
        entity={revoking?.name ?? ''}
        verb={INTEGRATION_TEXTS.revoke}
        question={revoking ? INTEGRATION_TEXTS.revokeConfirm(revoking.name) : undefined}
        loading={revoke.pending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke.run(revoking)}
      />
    </>
  );
}

export function ApiKeysPanel() {
  const { user, isPending } = useCurrentUser();
  const [tenant, setTenant] = useState('');
  if (isPending || !user) return <Spinner />;
  if (user.riskManager !== null) return <Keys tenant={null} />;
  return (
    <>
      <TenantSelect label={INTEGRATION_TEXTS.tenant} value={tenant} onChange={setTenant} />
      {tenant !== '' && <Keys key={tenant} tenant={tenant} />}
    </>
  );
}
