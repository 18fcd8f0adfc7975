import { Button, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_FILE_REQUIRED, ATTACHMENT_FILE_TYPE, FILE_TOO_LARGE, pickedFileProblem } from '../../domain/missionDetails';
import type { Attachment } from '../../domain/missionDetails';
import { captureText } from '../../domain/missionDetails/captureText';
import { attachmentDescriptionSchema } from '../../domain/schemas/missionDetails';
import type { AttachmentFields } from '../../dataProvider/missionDetailsApi';
import { browserImageCodec } from '../photos/downscalePhoto';
import { capturePhoto, type PhotoCapture } from '../photos/photoCapture';
import { phonePosition } from '../photos/phonePosition';
import { FormDialog, FormField } from './FormDialog';
import type { FormProps } from './forms';

/** What the form gives on save: the description and, on create, the file as it will be sent. */
export interface AttachmentSubmit {
  description: string;
  capture: PhotoCapture | null;
}

/** The text fields an attachment is sent with (the file goes apart). */
export const attachmentFields = (description: string, { capturedAt, latitude, longitude }: PhotoCapture): AttachmentFields => ({ description, capturedAt, latitude, longitude });

/** How a picked file is made ready to send; the tests give their own (jsdom decodes no pictures). */
export type CaptureFile = (file: File) => Promise<PhotoCapture>;

const deviceCapture: CaptureFile = (file) => capturePhoto(file, { codec: browserImageCodec, position: phonePosition });

/** What the camera button opens: the phone's camera, for the pictures the server takes. */
const CAMERA_ACCEPT = 'image/jpeg,image/png,image/webp';

export const TAKE_PHOTO = 'Tirar foto';
export const PICK_FILE = 'Escolher arquivo';
export const PREPARING_PHOTO = 'Preparando a foto…';
/** The inputs' own names (screen readers, tests): the buttons' texts say the same in other words. */
export const CAMERA_INPUT = 'Foto da câmera';
export const FILE_INPUT = 'Arquivo';

/**
 * Attachment (docs/rules/validation.md): a description and, on create, a PDF or image file, from the
 * phone's camera or its files; editing changes the description only. A photo is made ready as soon
 * as it is picked — smaller, with its capture time and the phone's position (docs/rules/field-app.md,
 * "Fotos do local") — and the form shows what will go with it; the size limit applies to what is sent.
 */
export function AttachmentForm({
  initial,
  draft,
  onSubmit,
  onClose,
  capture = deviceCapture,
}: FormProps<Attachment, AttachmentSubmit> & { capture?: CaptureFile }) {
  const [fileError, setFileError] = useState<string | null>(null);
  // A refused attachment taken back to be edited ('Editar') starts with its photo as it was prepared.
  const [ready, setReady] = useState<PhotoCapture | null>(draft?.capture ?? null);
  const [preparing, setPreparing] = useState(false);
  /** The latest pick being made ready: an earlier one that finishes later is dropped. */
  const pending = useRef<Promise<PhotoCapture | null> | null>(draft?.capture ? Promise.resolve(draft.capture) : null);

  const pick = (file: File | null) => {
    setReady(null);
    pending.current = null;
    if (!file) return;
    if (pickedFileProblem(file) === 'type') {
      setFileError(ATTACHMENT_FILE_TYPE);
      return;
    }
    setFileError(null);
    setPreparing(true);
    // A photo that cannot be made ready goes as it was picked, without its capture.
    const made: Promise<PhotoCapture | null> = capture(file)
      .catch((): PhotoCapture => ({ file, capturedAt: null, latitude: null, longitude: null }))
      .then((result) => {
      if (pending.current !== made) return null;
      setPreparing(false);
      if (pickedFileProblem(result.file) === 'size') {
        setFileError(FILE_TOO_LARGE);
        return null;
      }
      setReady(result);
      return result;
    });
    pending.current = made;
  };

  const fileInput = (accept: string, label: string, inputLabel: string, camera: boolean) => (
    <Button component="label" variant="outlined">
      {label}
      <input
        hidden
        type="file"
        accept={accept}
        aria-label={inputLabel}
        {...(camera ? { capture: 'environment' } : {})}
        onChange={(e) => pick(e.target.files?.[0] ?? null)}
      />
    </Button>
  );
  const caption = ready && captureText(ready);

  return (
    <FormDialog<{ description: string }>
      title={initial ? 'Editar anexo' : 'Adicionar anexo'}
      schema={attachmentDescriptionSchema}
      defaultValues={{ description: initial?.description ?? draft?.description ?? '' }}
      onSubmit={async ({ description }) => {
        if (initial) return onSubmit({ description, capture: null });
        const sent = (await pending.current) ?? null;
        if (!sent) {
          setFileError((error) => error ?? ATTACHMENT_FILE_REQUIRED);
          return false;
        }
        return onSubmit({ description, capture: sent });
      }}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormField control={control} name="description" label="Descrição" required />
          {!initial && (
            <Stack spacing={0.5}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                {fileInput(CAMERA_ACCEPT, TAKE_PHOTO, CAMERA_INPUT, true)}
                {fileInput(ATTACHMENT_ACCEPT, PICK_FILE, FILE_INPUT, false)}
              </Stack>
              {preparing && <Typography variant="caption">{PREPARING_PHOTO}</Typography>}
              {ready && (
                <Typography variant="body2" data-testid="attachment-picked">
                  {[ready.file.name, caption].filter(Boolean).join(' · ')}
                </Typography>
              )}
              {fileError && (
                <Typography color="error" variant="caption">
                  {fileError}
                </Typography>
              )}
            </Stack>
          )}
        </>
      )}
    </FormDialog>
  );
}
