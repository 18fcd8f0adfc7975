import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  THEME_IMAGE_LABELS,
  THEME_IMAGE_MAX_BYTES,
  THEME_IMAGE_MIME_TYPES,
  THEME_IMAGE_SIZE_ERROR,
  THEME_IMAGE_TYPE_ERROR,
  type ThemeImageKind,
} from '../../domain/theme';
import { imageUrl } from '../../theme/brandTheme';

/** The browser's own check before sending (the server checks the content again). */
export function imageProblem(file: File): string | null {
  if (!(THEME_IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return THEME_IMAGE_TYPE_ERROR;
  if (file.size > THEME_IMAGE_MAX_BYTES) return THEME_IMAGE_SIZE_ERROR;
  return null;
}

interface Props {
  kind: ThemeImageKind;
  file: string | null;
  busy: boolean;
  onUpload: (kind: ThemeImageKind, file: File) => void;
  onRemove: (kind: ThemeImageKind) => void;
}

/** One theme image: what is there now, a picker (PNG, JPEG, WebP, GIF, SVG up to 2 MB) and Remover. */
export function ThemeImageField({ kind, file, busy, onUpload, onRemove }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const url = imageUrl(file);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography id={id} sx={{ width: 180 }}>
        {THEME_IMAGE_LABELS[kind]}
      </Typography>
      <Box sx={{ width: 120, height: 48, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
        {url ? <img src={url} alt={THEME_IMAGE_LABELS[kind]} style={{ maxWidth: '100%', maxHeight: '100%' }} /> : <Typography variant="caption">Padrão</Typography>}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        aria-labelledby={id}
        data-testid={`upload-${kind}`}
        accept={THEME_IMAGE_MIME_TYPES.join(',')}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) onUpload(kind, chosen);
        }}
      />
      <Button variant="outlined" disabled={busy} onClick={() => input.current?.click()}>
        Enviar imagem
      </Button>
      {file && (
        <Button color="error" disabled={busy} onClick={() => onRemove(kind)}>
          Remover
        </Button>
      )}
    </Box>
  );
}
