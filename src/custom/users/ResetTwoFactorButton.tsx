/**
 * 'Redefinir verificação em duas etapas' on a user's record (docs/operations/two-factor.md):
 * for a person who lost the phone and the recovery codes. The server refuses one's own and records
 * every reset as a security event. Loaded with the record, not with the app (users.ts).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { isHttpError } from '../../dataProvider/HttpError';
import type { FormValues } from '../../resources/framework/types';
import type { SessionUser } from '../../domain/roles';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { twoFactorApi } from '../twoFactor/AccountSecurityPage';

const FAILED = 'Não foi possível redefinir a verificação em duas etapas, tente novamente mais tarde';

export default function ResetTwoFactorButton({ record, user }: { record: FormValues; user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const reset = useOneSubmission(async () => {
    try {
      await twoFactorApi.resetUser(String(record.id));
      notify.success('Verificação em duas etapas redefinida');
    } catch (error) {
      notify.error(isHttpError(error) && error.apiError.kind === 'generic_error' ? error.apiError.message : FAILED);
    } finally {
      setOpen(false);
    }
  });
  if (String(record.id) === user.id) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Redefinir 2 etapas
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reset-two-factor-title">
        <DialogTitle id="reset-two-factor-title">Redefinir verificação em duas etapas</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {`O aplicativo autenticador e os códigos de recuperação de ${typeof record.name === 'string' ? record.name : 'este usuário'} deixarão de valer. Use isto só para quem perdeu o celular; a redefinição fica registrada.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={reset.pending}>
            Cancelar
          </Button>
          <Button variant="contained" color="error" loading={reset.pending} onClick={() => void reset.run()}>
            Redefinir
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
