/**
 * /home/admin/theme ('Tema' in the admin home's 'Aparência' section): a risk-manager admin edits
 * its own theme — colours, font, sizes, radius, scrollbar, logos and login art — and sees it live
 * in the preview before saving; a platform admin first picks the risk manager. Saving the theme
 * the app is showing reloads it, so the whole app follows at once.
 */
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { session } from '../../authProvider/session';
import { themeSettingsSchema } from '../../domain/schemas/theme';
import { THEME_IMAGE_KINDS, type Theme, type ThemeImageKind, type ThemeSettings } from '../../domain/theme';
import { canEditTheme } from '../../domain/themeAccess';
import { validateSync } from '../../domain/validate';
import { RISK_MANAGER_CONTRACTS } from '../../domain/companies/contracts';
import { createCall } from '../../dataProvider/call';
import { createHttpClient } from '../../dataProvider/httpClient';
import { createThemesApi } from '../../dataProvider/themesApi';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { Spinner } from '../../layout/Spinner';
import { GENERIC_SAVE_ERROR } from '../../dataProvider/saveErrors';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { themeStore } from '../../theme/useBrandTheme';
import { ThemeForm, type ThemeErrors } from './ThemeForm';
import { imageProblem, ThemeImageField } from './ThemeImageField';
import { ThemePreview } from './ThemePreview';

export const THEME_SAVED = 'Tema salvo com sucesso';
export const THEME_IMAGE_SAVED = 'Imagem atualizada';

const client = createHttpClient({ getToken: () => session.getState().token, onUnauthorized: () => session.markUnauthorized() });
const call = createCall(client);
export const themesApi = createThemesApi(client);

const settingsOf = ({ fontFamily, fontSizes, spacing, radius, colors, scrollbar, components }: Theme): ThemeSettings => ({
  fontFamily,
  fontSizes,
  spacing,
  radius,
  colors,
  scrollbar,
  components,
});

/** The app shows this risk manager's theme: reload it so every screen follows the change. */
function refreshApp(riskManager: string) {
  if (themeStore.getState().theme.riskManager === riskManager) void themeStore.load(riskManager);
}

function Editor({ riskManager, initial }: { riskManager: string; initial: Theme }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ThemeSettings>(() => settingsOf(initial));
  const [images, setImages] = useState(initial.images);
  const [errors, setErrors] = useState<ThemeErrors>({});
  const asAdmin = session.getState().user?.riskManager ? null : riskManager;

  const accept = (saved: Theme) => {
    setImages(saved.images);
    queryClient.setQueryData(['theme', riskManager], saved);
    refreshApp(riskManager);
  };

  const saving = useOneSubmission(async () => {
    const checked = validateSync(themeSettingsSchema, draft);
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.issues.map((issue) => [issue.path, issue.message])));
      return;
    }
    setErrors({});
    try {
      accept(await themesApi.save(settingsOf({ ...initial, ...draft }), asAdmin));
      notify.success(THEME_SAVED);
    } catch {
      notify.error(GENERIC_SAVE_ERROR);
    }
  });

  const imageChange = useOneSubmission(async (action: () => Promise<Theme>) => {
    try {
      accept(await action());
      notify.success(THEME_IMAGE_SAVED);
    } catch (error) {
      notify.error((error as Error).message || GENERIC_SAVE_ERROR);
    }
  });
  const busy = saving.pending || imageChange.pending;
  const upload = (kind: ThemeImageKind, file: File) => {
    const problem = imageProblem(file);
    if (problem) notify.error(problem);
    else void imageChange.run(() => themesApi.uploadImage(kind, file, asAdmin));
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <ThemeForm value={draft} errors={errors} onChange={setDraft} />
        <Typography variant="h6" component="h2">
          Imagens
        </Typography>
        {THEME_IMAGE_KINDS.map((kind) => (
          <ThemeImageField key={kind} kind={kind} file={images[kind]} busy={busy} onUpload={upload} onRemove={(k) => void imageChange.run(() => themesApi.removeImage(k, asAdmin))} />
        ))}
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button variant="contained" loading={saving.pending} disabled={busy} onClick={() => void saving.run()}>
            Salvar tema
          </Button>
          <Button disabled={busy} onClick={() => setDraft(settingsOf(initial))}>
            Desfazer alterações
          </Button>
        </Box>
      </Paper>
      <Box sx={{ position: { lg: 'sticky' }, top: 16 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Pré-visualização
        </Typography>
        <ThemePreview theme={{ ...initial, ...draft, images }} saved={initial} />
      </Box>
    </Box>
  );
}

function RiskManagerPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { data = [] } = useQuery({
    queryKey: ['riskManagers', 'info'],
    queryFn: () => call(RISK_MANAGER_CONTRACTS.info, {}),
  });
  return (
    <TextField select label="Gerenciadora de risco" value={value} onChange={(e) => onChange(e.target.value)} sx={{ maxWidth: 360, mb: 3 }}>
      {data.map((rm) => (
        <MenuItem key={rm._id} value={rm._id}>
          {rm.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function LoadedEditor({ riskManager }: { riskManager: string }) {
  const { data, isPending, isError } = useQuery({ queryKey: ['theme', riskManager], queryFn: () => themesApi.get(riskManager) });
  if (isPending) return <Spinner />;
  if (isError) return <Typography role="alert">Não foi possível carregar o tema. Tente novamente.</Typography>;
  return <Editor key={riskManager} riskManager={riskManager} initial={data} />;
}

export function ThemeEditorPage() {
  const { user, isPending } = useCurrentUser();
  const [picked, setPicked] = useState('');
  if (isPending) return <Spinner />;
  if (!user || !canEditTheme(user.role)) return <Navigate to="/unauthorized" replace />;
  const riskManager = user.riskManager ?? picked;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Tema
      </Typography>
      {!user.riskManager && <RiskManagerPicker value={picked} onChange={setPicked} />}
      {riskManager && <LoadedEditor riskManager={riskManager} />}
    </Box>
  );
}

export default ThemeEditorPage;
