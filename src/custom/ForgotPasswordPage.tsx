import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES } from '../authProvider/messages';
import { authApi as defaultAuthApi, type AuthApi } from '../dataProvider/authApi';
import {
  CONFIRM_PASSWORD_REQUIRED,
  LOGIN_EMAIL_REQUIRED,
  NON_EQUAL_PASSWORDS,
} from '../domain/messages';
import { resetPasswordSchema } from '../domain/schemas/password';
import { validateSync } from '../domain/validate';
import { validateCode } from '../domain/validators/code';
import { validateEmail } from '../domain/validators/email';
import { notify } from '../layout/notify';
import { useFormSubmission, useOneSubmission } from '../layout/useOneSubmission';
import { AuthCard } from './AuthCard';
import { CodeField } from './CodeField';
import { wizardErrorMessage } from './forgotPasswordErrors';
import { brandSearch } from './keepGr';
import { useCountdown } from './useCountdown';

/** Seconds before 'Reenviar código' becomes available (docs/rules/screens.md: timer default 60000 ms). */
export const RESEND_COUNTDOWN_SECONDS = 60;
const STEPS = ['E-mail', 'Código', 'Nova senha'] as const;

type Field = 'email' | 'code' | 'password' | 'confirmPassword';
type Errors = Partial<Record<Field, string>>;

function validateStep(step: number, v: Record<Field, string>): Errors {
  if (step === 0) return { email: v.email.trim() ? validateEmail(v.email) : LOGIN_EMAIL_REQUIRED };
  if (step === 1) return { code: validateCode(v.code) };
  // The server's own rule (the shared schema), checked here so a short password costs no request.
  const checked = validateSync(resetPasswordSchema, { password: v.password });
  return {
    password: checked.ok ? undefined : checked.issues[0]?.message,
    confirmPassword: !v.confirmPassword
      ? CONFIRM_PASSWORD_REQUIRED
      : v.password && v.confirmPassword !== v.password
        ? NON_EQUAL_PASSWORDS
        : undefined,
  };
}

/** /forget-password: the three-step wizard of docs/rules/screens.md#esqueci-a-senha. */
export function ForgotPasswordPage({ api = defaultAuthApi }: { api?: AuthApi }) {
  const navigate = useNavigate();
  const location = useLocation();
  const search = brandSearch(location.search);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', code: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const left = useCountdown(RESEND_COUNTDOWN_SECONDS, step >= 1);

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const email = values.email.trim();

  const run = async (call: 'forget' | 'validate' | 'reset', action: () => Promise<void>): Promise<boolean> => {
    try {
      await action();
      return true;
    } catch (error) {
      notify.error(wizardErrorMessage(call, error));
      return false;
    }
  };

  const submission = useFormSubmission(async () => {
    const found = validateStep(step, values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (step === 0) {
      if (await run('forget', () => api.forget(email))) {
        notify.success(AUTH_MESSAGES.codeSent);
        setStep(1);
      }
    } else if (step === 1) {
      if (await run('validate', () => api.validate(email, values.code))) setStep(2);
    } else if (await run('reset', () => api.reset({ email, resetCode: values.code, password: values.password }))) {
      notify.success(AUTH_MESSAGES.passwordReset);
      void navigate(`/login${search}`, { state: { email } });
    }
  });

  const resending = useOneSubmission(async () => {
    if (await run('forget', () => api.forget(email))) notify.success(AUTH_MESSAGES.codeSent);
  });
  const busy = submission.pending || resending.pending;

  const back = () => {
    setErrors({});
    if (step === 0) void navigate(`/login${search}`);
    else setStep(step - 1);
  };

  return (
    <AuthCard title="Redefinir senha">
      <Stepper activeStep={step} alternativeLabel>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box component="form" noValidate onSubmit={submission.onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {step === 0 && (
          <>
            <Typography variant="body2">Informe o e-mail da sua conta. Se ela existir, enviaremos um código de verificação.</Typography>
            <TextField
              label="E-mail"
              type="email"
              autoComplete="username"
              autoFocus
              value={values.email}
              onChange={(e) => set('email')(e.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email}
            />
          </>
        )}
        {step === 1 && (
          <>
            <Typography variant="body2">Digite o código de 6 dígitos enviado para {email}.</Typography>
            <CodeField value={values.code} onChange={set('code')} error={errors.code} />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              <Link component="button" type="button" variant="body2" disabled={left > 0 || busy} onClick={() => void resending.run()}
                sx={left > 0 ? { color: 'text.disabled', pointerEvents: 'none', textDecoration: 'none' } : undefined}
              >
                Reenviar código
              </Link>
              {left > 0 && (
                <Typography variant="caption" color="text.secondary">
                  disponível em {left}s
                </Typography>
              )}
            </Box>
          </>
        )}
        {step === 2 && (
          <>
            <TextField
              label="Nova senha"
              type="password"
              autoComplete="new-password"
              autoFocus
              value={values.password}
              onChange={(e) => set('password')(e.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password}
            />
            <TextField
              label="Confirmar nova senha"
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(e) => set('confirmPassword')(e.target.value)}
              error={Boolean(errors.confirmPassword)}
              helperText={errors.confirmPassword}
            />
          </>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Button type="button" variant="outlined" onClick={back} disabled={busy}>
            Voltar
          </Button>
          <Button type="submit" variant="contained" loading={submission.pending} disabled={busy}>
            {step === 2 ? 'Finalizar' : 'Avançar'}
          </Button>
        </Box>
        <Link component={RouterLink} to={`/login${search}`} variant="body2" sx={{ alignSelf: 'center' }}>
          Voltar para o login
        </Link>
      </Box>
    </AuthCard>
  );
}

export default ForgotPasswordPage;
