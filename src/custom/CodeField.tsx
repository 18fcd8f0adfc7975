import TextField from '@mui/material/TextField';
import { CODE_LENGTH } from '../domain/validators/code';

/** The field of an e-mailed code (forgot-password wizard, login's e-mail step): digits only, at most six. */
export function CodeField({ value, onChange, error }: { value: string; onChange: (code: string) => void; error?: string }) {
  return (
    <TextField
      label="Código de verificação"
      autoComplete="one-time-code"
      autoFocus
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CODE_LENGTH } }}
      error={Boolean(error)}
      helperText={error}
    />
  );
}
