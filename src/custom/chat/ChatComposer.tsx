import { AttachFile, Close, Send } from '@mui/icons-material';
import { Button, Chip, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { CHAT_EMPTY, CHAT_FILE_SIZE, CHAT_FILE_TYPE, CHAT_PICKER_PREFIX } from '../../domain/messages';
import { CHAT_ACCEPT, CHAT_COMPOSER_HINT, CHAT_ERROR_CLEAR_MS, CHAT_SIZE_TOAST_MS, pickedFileProblem } from '../../domain/missionDetails';
import { notify } from '../../layout/notify';
import { browserImageCodec, downscalePhoto } from '../photos/downscalePhoto';
import { useFormSubmission } from '../../layout/useOneSubmission';

interface Props {
  /** Resolves true when sent (the composer empties). */
  onSend: (message: string, file: File | null) => Promise<boolean>;
  /** What to start from: a refused action taken back to be edited (docs/rules/field-app.md). */
  draft?: { message: string; file: File | null };
}

/**
 * The chat composer (docs/rules/validation.md): text or one file (PDF or image, at most 10 MB once a
 * photo is downscaled) is
 * required; picker errors show inline and as a toast with the 'Erro ao anexar arquivo: ' prefix
 * (the size one bottom-right for 15 s); form errors clear after 3 s. Enter sends, Shift+Enter breaks
 * the line (the hint under it says so).
 */
export function ChatComposer({ onSend, draft }: Props) {
  const [text, setText] = useState(draft?.message ?? '');
  const [file, setFile] = useState<File | null>(draft?.file ?? null);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  useEffect(() => {
    if (!error) return undefined;
    const timer = setTimeout(() => setError(null), CHAT_ERROR_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const pick = async (chosen: File | null) => {
    if (!chosen) return;
    // A photo goes smaller, as an attachment does (docs/rules/field-app.md, "Fotos do local"): the
    // size limit applies to what is sent, so a 12 MB camera picture is no refusal.
    const picked = pickedFileProblem(chosen) === 'type' ? chosen : await downscalePhoto(chosen, { codec: browserImageCodec });
    const problem = pickedFileProblem(picked);
    if (problem) {
      const message = problem === 'type' ? CHAT_FILE_TYPE : CHAT_FILE_SIZE;
      setError(message);
      notify.error(`${CHAT_PICKER_PREFIX}${message}`, problem === 'size' ? { position: 'bottom-right', duration: CHAT_SIZE_TOAST_MS } : {});
      return;
    }
    setFile(picked);
  };

  const sending = useFormSubmission(async () => {
    if (text.trim() === '' && !file) {
      setError(CHAT_EMPTY);
      return;
    }
    if (await onSend(text.trim(), file)) {
      setText('');
      setFile(null);
    }
  });

  // Enter sends and Shift+Enter breaks the line, as in every chat; an Enter that ends an input
  // method's composition (accents, Asian scripts) only composes.
  const sendOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    (event.target as HTMLTextAreaElement).form?.requestSubmit();
  };

  return (
    <Stack component="form" spacing={1} onSubmit={sending.onSubmit} noValidate>
      {file && <Chip icon={<AttachFile />} label={file.name} onDelete={() => setFile(null)} deleteIcon={<Close aria-label="Remover arquivo" />} sx={{ alignSelf: 'flex-start' }} />}
      <Stack direction="row" spacing={1} alignItems="center">
        <IconButton component="label" aria-label="Anexar arquivo">
          <AttachFile />
          <input
            hidden
            type="file"
            accept={CHAT_ACCEPT}
            data-testid="chat-file"
            onChange={(e) => {
              void pick(e.target.files?.[0] ?? null);
              e.target.value = '';
            }}
          />
        </IconButton>
        <TextField
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={sendOnEnter}
          placeholder="Escreva uma mensagem"
          size="small"
          fullWidth
          multiline
          maxRows={4}
          slotProps={{ htmlInput: { 'aria-label': 'Mensagem', 'aria-describedby': hintId } }}
        />
        <Button type="submit" variant="contained" endIcon={<Send />} loading={sending.pending}>
          Enviar
        </Button>
      </Stack>
      <Typography id={hintId} variant="caption" color="text.secondary">
        {CHAT_COMPOSER_HINT}
      </Typography>
      {error && (
        <Typography color="error" variant="caption" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
