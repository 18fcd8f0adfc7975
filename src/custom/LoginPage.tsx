import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authProvider as defaultAuthProvider, type AppAuthProvider } from '../authProvider/authProvider';
import { SECOND_STEP_TEXTS, SecondStepError, TWO_FACTOR_SETUP_TEXT } from '../authProvider/messages';
import type { SecondStepValues } from '../dataProvider/authApi';
import type { TwoFactorSetup } from '../domain/twoFactor';
import { useSession } from '../authProvider/useSession';
import type { LoginSecondStep } from '../domain/apiErrors';
import { LOGIN_EMAIL_REQUIRED, LOGIN_PASSWORD_REQUIRED_SHORT } from '../domain/messages';
import { validateCode } from '../domain/validators/code';
import { validateEmail } from '../domain/validators/email';
import { notify } from '../layout/notify';
import { useFormSubmission } from '../layout/useOneSubmission';
import { AuthCard } from './AuthCard';
import { CodeField } from './CodeField';
import { brandSearch } from './keepGr';
import { TwoFactorCodeField, twoFactorCodeProblem } from './twoFactor/TwoFactorCodeField';

// Only an account that must set up its second factor at login needs these: not in every visitor's bundle.
const TwoFactorSetupView = lazy(() => import('./twoFactor/TwoFactorSetupView').then((m) => ({ default: m.TwoFactorSetupView })));
const RecoveryCodesList = lazy(() => import('./twoFactor/RecoveryCodesList').then((m) => ({ default: m.RecoveryCodesList })));

const RECOVERY_STEP_TEXT = 'Digite um dos códigos de recuperação que você guardou ao ativar a verificação em duas etapas. Cada código vale uma única vez.';

/**
 * Navigation state /login accepts (docs/rules/sign-in.md: "may carry a prefilled email and type"). `type` is
 * accepted but changes nothing: one form serves every kind of user, and the role that decides
 * where the user goes comes from the token, not from the page that sent them here.
 */
interface LoginState {
  email?: unknown;
  type?: unknown;
  nextPathname?: unknown;
  nextSearch?: unknown;
}

/** Where to go after logging in: back to the protected page that sent the user here, else /home. */
function targetOf(state: LoginState | null): string {
  const next = state?.nextPathname;
  if (typeof next === 'string' && (next === '/home' || next.startsWith('/home/'))) {
    return next + (typeof state?.nextSearch === 'string' ? state.nextSearch : '');
  }
  return '/home';
}

interface Errors {
  email?: string;
  password?: string;
  code?: string;
}

function validate(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = LOGIN_EMAIL_REQUIRED;
  else errors.email = validateEmail(email);
  if (!password) errors.password = LOGIN_PASSWORD_REQUIRED_SHORT;
  return errors;
}

/**
 * /login (docs/rules/sign-in.md): e-mail and password; already logged in → /home. When the server asks
 * for a second step — a code sent by e-mail to an account past its login budget (docs/rules/sign-in.md),
 * or the code of the authenticator app (docs/operations/two-factor.md) — the same
 * card asks for it and sends it with the password and the steps already given; Voltar goes back to
 * the password. An account whose risk manager requires the app and has none sets it up here: the
 * QR code, then the app's first code signs in, and the recovery codes are shown once before /home.
 */
export function LoginPage({ auth = defaultAuthProvider }: { auth?: AppAuthProvider }) {
  const location = useLocation();
  const state = (location.state ?? null) as LoginState | null;
  const { token } = useSession();
  const [email, setEmail] = useState(() => (typeof state?.email === 'string' ? state.email : ''));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [secondStep, setSecondStep] = useState<LoginSecondStep | null>(null);
  /** The values of the steps already given in this login (sent again with the next one). */
  const [given, setGiven] = useState<SecondStepValues>({});
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const backToPassword = () => {
    setSecondStep(null);
    setGiven({});
    setCode('');
    setRecovery(false);
    setSetup(null);
    setErrors({});
  };

  const codeProblem = (): string | undefined => {
    if (secondStep === 'twoFactorCode') return twoFactorCodeProblem(code, recovery);
    return validateCode(code);
  };

  const submission = useFormSubmission(async () => {
    const found = secondStep ? { code: codeProblem() } : validate(email, password);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const secondSteps: SecondStepValues = secondStep ? { ...given, [secondStep]: code } : {};
    const params = { username: email.trim(), password, secondSteps };
    try {
      const answer = await auth.login(params);
      if (answer.recoveryCodes) setRecoveryCodes(answer.recoveryCodes);
    } catch (error) {
      if (error instanceof SecondStepError && !error.refused) {
        // Explained on the card itself, not in a toast that fades. The step just given is kept.
        if (error.setup) setSetup(await auth.enrolTwoFactor(params));
        setGiven(error.step === secondStep ? given : secondSteps);
        setSecondStep(error.step);
        setCode('');
        return;
      }
      notify.error((error as Error).message);
      if (error instanceof SecondStepError && error.step === secondStep) setCode('');
      // A right code is used up whatever the password: any other failure starts again from the password.
      else if (secondStep) backToPassword();
    }
  });

  // Also covers the moment right after a successful login: the session now holds a token. A login
  // that confirmed a second factor stays to show its recovery codes first.
  if (token && !setup && !recoveryCodes) return <Navigate to={targetOf(state)} replace />;

  if (recoveryCodes) {
    return (
      <AuthCard title="Verificação em duas etapas ativada">
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Suspense fallback={null}>
            <RecoveryCodesList codes={recoveryCodes} />
          </Suspense>
          <Button
            variant="contained"
            size="large"
            onClick={() => {
              setSetup(null);
              setRecoveryCodes(null);
            }}
          >
            Continuar
          </Button>
        </Box>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Portal do Cliente">
      <Box component="form" noValidate onSubmit={submission.onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {secondStep === 'twoFactorCode' ? (
          <>
            <Typography variant="body2">
              {setup ? TWO_FACTOR_SETUP_TEXT : recovery ? RECOVERY_STEP_TEXT : SECOND_STEP_TEXTS.twoFactorCode.explanation}
            </Typography>
            {setup && (
              <Suspense fallback={null}>
                <TwoFactorSetupView setup={setup} />
              </Suspense>
            )}
            <TwoFactorCodeField key={String(recovery)} value={code} onChange={setCode} error={errors.code} recovery={recovery} />
            {!setup && (
              <Link
                component="button"
                type="button"
                variant="body2"
                sx={{ alignSelf: 'flex-end' }}
                onClick={() => {
                  setRecovery(!recovery);
                  setCode('');
                  setErrors({});
                }}
              >
                {recovery ? 'Usar o código do aplicativo' : 'Usar código de recuperação'}
              </Link>
            )}
          </>
        ) : secondStep ? (
          <>
            <Typography variant="body2">{SECOND_STEP_TEXTS[secondStep].explanation}</Typography>
            <CodeField value={code} onChange={setCode} error={errors.code} />
          </>
        ) : (
          <>
            <TextField
              label="E-mail"
              type="email"
              name="email"
              autoComplete="username"
              autoFocus={!email}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email}
            />
            <TextField
              label="Senha"
              type="password"
              name="password"
              autoComplete="current-password"
              autoFocus={Boolean(email)}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password}
            />
            <Link component={RouterLink} to={`/forget-password${brandSearch(location.search)}`} variant="body2" sx={{ alignSelf: 'flex-end' }}>
              Esqueci a senha
            </Link>
          </>
        )}
        <Button type="submit" variant="contained" size="large" loading={submission.pending}>
          Entrar
        </Button>
        {secondStep && (
          <Button type="button" variant="text" onClick={backToPassword} disabled={submission.pending}>
            Voltar
          </Button>
        )}
      </Box>
    </AuthCard>
  );
}

export default LoginPage;
