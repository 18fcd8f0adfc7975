/**
 * The request of a data subject (LGPD art. 18) and its answer, each in a form checked by the same
 * schema as the server's (src/domain/privacy/schemas.ts): who asked, by which channel, when it was
 * received (not a future day), what was asked; then the answer given, recorded once with its date.
 */
import { FormDialog, FormField } from '../missionDetails/FormDialog';
import { brasiliaToday, privacyAnswerSchema, privacyRequestSchema, type PrivacyAnswerValues, type PrivacyRequestValues } from '../../domain/privacy/schemas';
import { PRIVACY_REQUEST_KIND_LABELS } from '../../domain/privacy';
import { PRIVACY_TEXTS as T } from '../../domain/privacy/texts';
import { serverNow } from '../../dataProvider/serverClock';

const dateLabel = { inputLabel: { shrink: true } } as const;

export function RequestDialog({ subject, onSave, onClose }: { subject: string; onSave: (values: PrivacyRequestValues) => Promise<boolean>; onClose: () => void }) {
  return (
    <FormDialog<PrivacyRequestValues>
      title={T.newRequest}
      schema={privacyRequestSchema}
      defaultValues={{ kind: 'access', requesterName: '', channel: '', receivedOn: brasiliaToday(serverNow()), subject }}
      onSubmit={onSave}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormField control={control} name="kind" label={T.kind} options={PRIVACY_REQUEST_KIND_LABELS} required />
          <FormField control={control} name="subject" label={T.subject} required />
          <FormField control={control} name="requesterName" label={T.requesterName} required />
          <FormField control={control} name="channel" label={T.channel} placeholder={T.channelHint} required />
          <FormField control={control} name="receivedOn" label={T.receivedOn} type="date" slotProps={dateLabel} required />
        </>
      )}
    </FormDialog>
  );
}

export function AnswerDialog({ subject, onSave, onClose }: { subject: string; onSave: (values: PrivacyAnswerValues) => Promise<boolean>; onClose: () => void }) {
  return (
    <FormDialog<PrivacyAnswerValues> title={`${T.giveAnswer} — ${subject}`} schema={privacyAnswerSchema} defaultValues={{ answer: '' }} onSubmit={onSave} onClose={onClose}>
      {({ control }) => <FormField control={control} name="answer" label={T.answer} multiline minRows={3} required />}
    </FormDialog>
  );
}
