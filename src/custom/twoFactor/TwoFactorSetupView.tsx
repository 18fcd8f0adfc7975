import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TwoFactorSetup } from '../../domain/twoFactor';

/** The manual key in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A setup in progress: the QR code (an SVG drawn by the server, so the QR library stays out of the
 * browser bundle) and the same secret as a key to type by hand.
 */
export function TwoFactorSetupView({ setup }: { setup: TwoFactorSetup }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Box
        component="img"
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code para o aplicativo autenticador"
        sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }}
      />
      <Typography variant="body2">Não consegue ler o QR code? Digite esta chave no aplicativo:</Typography>
      <Typography component="code" data-testid="two-factor-key" sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', textAlign: 'center' }}>
        {grouped(setup.secret)}
      </Typography>
    </Box>
  );
}
