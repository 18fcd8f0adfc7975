/**
 * /home/account/security, 'Segurança da conta' (docs/operations/two-factor.md): the signed-in
 * user turns the authenticator app on (QR code or manual key, confirmed by a code; the 10 recovery
 * codes shown once) or off (with a code); a risk manager's Administrador or TI also decides whether
 * its Administrador and TI users must use it. Beside it, 'Notificações' (docs/rules/notifications.md):
 * the devices that ring with the app closed. Loaded lazily (protectedPages.tsx).
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { session } from '../../authProvider/session';
import { isHttpError } from '../../dataProvider/HttpError';
import { createHttpClient } from '../../dataProvider/httpClient';
import { createTwoFactorApi, type TwoFactorApi } from '../../dataProvider/twoFactorApi';
import { createPushApi, type PushApi } from '../../dataProvider/pushApi';
import { pushKindsFor } from '../../domain/push';
import type { SessionUser } from '../../domain/roles';
import type { TwoFactorSetup, TwoFactorStatus } from '../../domain/twoFactor';
import { notify } from '../../layout/notify';
import { useFormSubmission, useOneSubmission } from '../../layout/useOneSubmission';
import { Spinner } from '../../layout/Spinner';
import { RecoveryCodesList } from './RecoveryCodesList';
import { TwoFactorCodeField, twoFactorCodeProblem } from './TwoFactorCodeField';
import { TwoFactorSetupView } from './TwoFactorSetupView';
import { NotificationsSection } from '../notifications/NotificationsSection';
import { browserPush, type PushBrowser } from '../../serviceWorker/pushBrowser';

const client = createHttpClient({ getToken: () => session.getState().token, onUnauthorized: () => session.markUnauthorized() });
export const twoFactorApi = createTwoFactorApi(client);
const pushApi = createPushApi(client);

const FAILED = 'Não foi possível concluir a operação, tente novamente mais tarde';
/** The server's Portuguese refusal, or a generic text. */
const messageOf = (error: unknown) => (isHttpError(error) && error.apiError.kind === 'generic_error' ? error.apiError.message : FAILED);

/** A code and its submit button; `recovery` lets a recovery code stand in for the app's code. */
function CodeForm({ label, onCode, allowRecovery = false }: { label: string; onCode: (code: string) => Promise<void>; allowRecovery?: boolean }) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submission = useFormSubmission(async () => {
    const problem = twoFactorCodeProblem(code, recovery);
    setError(problem);
    if (problem) return;
    try {
      await onCode(code);
      // The code was accepted: a wrong code's toast from before no longer holds.
      notify.dismissErrors();
    } catch (failure) {
      setCode('');
      notify.error(messageOf(failure));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submission.onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, maxWidth: 360 }}>
      <TwoFactorCodeField key={String(recovery)} value={code} onChange={setCode} error={error} recovery={recovery} />
      {allowRecovery && (
        <Button type="button" variant="text" size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setRecovery(!recovery)}>
          {recovery ? 'Usar o código do aplicativo' : 'Usar código de recuperação'}
        </Button>
      )}
      <Button type="submit" variant="contained" loading={submission.pending} sx={{ alignSelf: 'flex-start' }}>
        {label}
      </Button>
    </Box>
  );
}

function TwoFactorSection({ api, status, reload }: { api: TwoFactorApi; status: TwoFactorStatus; reload: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useOneSubmission(async () => {
    try {
      setSetup(await api.setup());
    } catch (error) {
      notify.error(messageOf(error));
    }
  });

  if (codes) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="success">Verificação em duas etapas ativada. A partir do próximo login, o código do aplicativo será pedido.</Alert>
        <RecoveryCodesList codes={codes} />
        <Button
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setCodes(null);
            reload();
          }}
        >
          Já guardei os códigos
        </Button>
      </Box>
    );
  }
  if (status.enabled) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="success">
          Ativa. Restam {status.recoveryCodesLeft} {status.recoveryCodesLeft === 1 ? 'código' : 'códigos'} de recuperação.
        </Alert>
        {status.required ? (
          <Typography variant="body2">
            A verificação em duas etapas é obrigatória para esta conta. Se perder o celular e os códigos de recuperação, peça a um
            administrador que a redefina.
          </Typography>
        ) : (
          <>
            <Typography variant="body2">Para desativar, digite um código do aplicativo ou um código de recuperação.</Typography>
            <CodeForm
              label="Desativar"
              allowRecovery
              onCode={async (code) => {
                await api.disable(code);
                notify.success('Verificação em duas etapas desativada');
                reload();
              }}
            />
          </>
        )}
      </Box>
    );
  }
  if (setup) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2">
          1. Leia o QR code com um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy…).
        </Typography>
        <TwoFactorSetupView setup={setup} />
        <Typography variant="body2">2. Digite o código de 6 dígitos que o aplicativo mostra.</Typography>
        <CodeForm label="Confirmar" onCode={async (code) => setCodes(await api.confirm(code))} />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2">
        {status.required
          ? 'A sua gerenciadora exige a verificação em duas etapas para o seu perfil.'
          : 'Desativada. Com ela ativa, o login pede, além da senha, um código do aplicativo autenticador do seu celular.'}
      </Typography>
      <Button variant="contained" sx={{ alignSelf: 'flex-start' }} loading={start.pending} onClick={() => void start.run()}>
        Ativar verificação em duas etapas
      </Button>
    </Box>
  );
}

function PolicySection({ api, status, onChange }: { api: TwoFactorApi; status: TwoFactorStatus; onChange: (s: TwoFactorStatus) => void }) {
  const change = useOneSubmission(async (required: boolean) => {
    try {
      onChange(await api.setPolicy(required));
      notify.success('Configuração salva');
    } catch (error) {
      notify.error(messageOf(error));
    }
  });
  if (!status.policy) return null;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Exigência da gerenciadora
      </Typography>
      <FormControlLabel
        control={
          <Switch checked={status.policy.requireForAdminAndTi} disabled={change.pending} onChange={(_, checked) => void change.run(checked)} />
        }
        label="Exigir verificação em duas etapas dos perfis Administrador e TI"
      />
      <Typography variant="body2" color="text.secondary">
        Quem ainda não a tiver ativado deverá configurá-la no próximo login.
      </Typography>
    </Paper>
  );
}

interface AccountSecurityProps {
  api?: TwoFactorApi;
  push?: PushApi;
  pushBrowser?: PushBrowser;
  /** The signed-in user (its kinds of notification); the session's by default. */
  user?: SessionUser | null;
}

export default function AccountSecurityPage({ api = twoFactorApi, push = pushApi, pushBrowser = browserPush, user = session.getState().user }: AccountSecurityProps) {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    api.status().then(
      (answer) => live && setStatus(answer),
      (error: unknown) => notify.error(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [api, version]);
  if (!status) return <Spinner />;
  const kinds = user ? pushKindsFor(user) : [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          Segurança da conta
        </Typography>
        <Typography variant="h2" sx={{ mb: 2 }}>
          Verificação em duas etapas
        </Typography>
        <TwoFactorSection api={api} status={status} reload={() => setVersion((v) => v + 1)} />
      </Paper>
      <PolicySection api={api} status={status} onChange={setStatus} />
      {kinds.length > 0 && <NotificationsSection api={push} browser={pushBrowser} kinds={kinds} />}
    </Box>
  );
}
