import { useSyncExternalStore } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { dismiss, getToasts, subscribeToasts, type Toast, type ToastPosition } from './notify';

const severityOf = (type: Toast['type']): AlertColor => (type === 'loading' ? 'info' : type);

function Stack({ position, toasts }: { position: ToastPosition; toasts: Toast[] }) {
  if (toasts.length === 0) return null;
  const vertical = position === 'top-right' ? { top: 16 } : { bottom: 16 };
  return (
    <Box
      data-testid={`toaster-${position}`}
      sx={{
        position: 'fixed',
        right: 16,
        ...vertical,
        zIndex: (theme) => theme.zIndex.snackbar + 10,
        display: 'flex',
        flexDirection: position === 'top-right' ? 'column' : 'column-reverse',
        gap: 1,
        maxWidth: 'min(420px, calc(100vw - 32px))',
      }}
    >
      {toasts.map((t) => (
        <Alert
          key={t.id}
          data-testid="toast"
          // An error is an alert, said at once; the others are said politely by the app's live region
          // (notify → announce), so the toast itself is no second live region.
          role={t.type === 'error' ? 'alert' : 'none'}
          severity={severityOf(t.type)}
          variant="filled"
          icon={t.type === 'loading' ? <CircularProgress size={18} color="inherit" /> : undefined}
          closeText="Fechar"
          onClose={t.type === 'loading' ? undefined : () => dismiss(t.id)}
          sx={{ boxShadow: 3, alignItems: 'center' }}
        >
          {t.message}
        </Alert>
      ))}
    </Box>
  );
}

/** Renders the toasts of notify(); mounted once at the root, above every route. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <>
      <Stack position="top-right" toasts={toasts.filter((t) => t.position === 'top-right')} />
      <Stack position="bottom-right" toasts={toasts.filter((t) => t.position === 'bottom-right')} />
    </>
  );
}
