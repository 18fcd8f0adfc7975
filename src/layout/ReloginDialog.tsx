import { useLogout } from 'react-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSession } from '../authProvider/useSession';

export const RELOGIN_TITLE = 'Atenção';
export const RELOGIN_MESSAGE = 'Tivemos problema com sua autenticação, por gentileza faça o login novamente...';
export const RELOGIN_ACTION = 'Fazer login...';

/**
 * docs/rules/messages.md: opens when the session is flagged unauthorized (a 401 while a token is
 * held); its only way out logs out and goes to /login.
 */
export function ReloginDialog() {
  const { isUnauthorized } = useSession();
  const logout = useLogout();
  return (
    <Dialog open={isUnauthorized} disableEscapeKeyDown aria-labelledby="relogin-title" aria-describedby="relogin-text">
      <DialogTitle id="relogin-title">{RELOGIN_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="relogin-text">{RELOGIN_MESSAGE}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={() => void logout({}, '/login', false)}>
          {RELOGIN_ACTION}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
