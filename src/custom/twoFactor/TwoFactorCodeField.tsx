import TextField from '@mui/material/TextField';
import { RECOVERY_CODE_LENGTH, TOTP_DIGITS, TWO_FACTOR_MESSAGES, isRecoveryCode, isTotpCode } from '../../domain/twoFactor';

/** The code of the authenticator app (6 digits) or, with `recovery`, a recovery code ('ABCDE-23456'). */
export function TwoFactorCodeField({
  value,
  onChange,
  error,
  recovery = false,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string;
  recovery?: boolean;
}) {
  return (
    <TextField
      label={recovery ? 'Código de recuperação' : 'Código do aplicativo'}
      autoComplete="one-time-code"
      autoFocus
      value={value}
      onChange={(e) =>
        onChange(recovery ? e.target.value.toUpperCase().slice(0, RECOVERY_CODE_LENGTH + 1) : e.target.value.replace(/\D/g, '').slice(0, TOTP_DIGITS))
      }
      slotProps={{ htmlInput: recovery ? { maxLength: RECOVERY_CODE_LENGTH + 1 } : { inputMode: 'numeric', maxLength: TOTP_DIGITS } }}
      error={Boolean(error)}
      helperText={error}
    />
  );
}

/** The field's message before anything is sent, or undefined. */
export function twoFactorCodeProblem(value: string, recovery: boolean): string | undefined {
  if (recovery) return isRecoveryCode(value) ? undefined : TWO_FACTOR_MESSAGES.recoveryCodeFormat;
  return isTotpCode(value) ? undefined : TWO_FACTOR_MESSAGES.codeFormat;
}
