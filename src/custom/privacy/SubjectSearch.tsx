/**
 * A data subject (LGPD art. 18, docs/rules/privacy.md): searched by CPF, e-mail or name in the
 * tenant, with every record found grouped by where it sits and why it would be kept; its export in
 * JSON (the search's answer, saved as it came) and in PDF, and its anonymisation after a
 * confirmation, one per click.
 */
import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useForm, type Resolver } from 'react-hook-form';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { saveBlob } from '../../dataProvider/saveFile';
import type { FoundRecordAnswer, SubjectAnswer } from '../../domain/privacy/contracts';
import { subjectSearchSchema, type SubjectSearchValues } from '../../domain/privacy/schemas';
import { PRIVACY_TEXTS as T } from '../../domain/privacy/texts';
import { DeleteConfirmDialog } from '../../layout/DeleteConfirmDialog';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { messageOf } from '../messageOf';

const resolver = yupResolver(subjectSearchSchema) as unknown as Resolver<{ subject: string }, unknown, SubjectSearchValues>;

/** The records by where they sit, in the order the server listed them. */
function bySource(records: readonly FoundRecordAnswer[]): [string, FoundRecordAnswer[]][] {
  const groups = new Map<string, FoundRecordAnswer[]>();
  for (const record of records) groups.set(record.label, [...(groups.get(record.label) ?? []), record]);
  return [...groups];
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as a person reads it: numbers and instants the Brazilian way (the JSON keeps them as held). */
function valueText(value: string | number): string {
  if (typeof value === 'number') return value.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
  return INSTANT.test(value) ? new Date(value).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }) : value;
}

function RecordCard({ record }: { record: FoundRecordAnswer }) {
  const values = Object.entries(record.data).filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== '');
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 1.5 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.25 }}>
        {values.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {key}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.5, sm: 0 }, wordBreak: 'break-word' }}>
              {valueText(value)}
            </Typography>
          </Box>
        ))}
      </Box>
      {record.kept && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <Chip size="small" color="warning" label={T.kept} />
          <Typography variant="caption">{record.kept}</Typography>
        </Stack>
      )}
    </Paper>
  );
}

function Found({ answer }: { answer: SubjectAnswer }) {
  if (answer.records.length === 0) return <Typography sx={{ mt: 2 }}>{T.nothingFound(answer.subject)}</Typography>;
  return (
    <Box sx={{ mt: 2 }} aria-label={T.found(answer.records.length)} component="section">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {T.found(answer.records.length)}
      </Typography>
      {bySource(answer.records).map(([label, records]) => (
        <Box key={label} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {`${label} (${records.length})`}
          </Typography>
          <Box component="ul" aria-label={label} sx={{ p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {records.map((record) => (
              <RecordCard key={`${record.source}-${record.id}`} record={record} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function SubjectSearch({ tenant, onNewRequest }: { tenant: string | undefined; onNewRequest: (subject: string) => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const form = useForm<{ subject: string }, unknown, SubjectSearchValues>({ defaultValues: { subject: '' }, resolver });
  const [answer, setAnswer] = useState<SubjectAnswer | null>(null);
  const [confirming, setConfirming] = useState(false);
  const find = (subject: string) => dataProvider.searchSubject({ subject, riskManager: tenant });
  const search = useOneSubmission(async ({ subject }: SubjectSearchValues) => {
    try {
      setAnswer(await find(subject));
    } catch (error) {
      notify.error(messageOf(error));
    }
  });
  const pdf = useOneSubmission(async (subject: string) => {
    try {
      saveBlob(await dataProvider.subjectPdf({ subject, riskManager: tenant }), 'dados-do-titular.pdf');
      notify.success(T.pdfDone);
    } catch (error) {
      notify.error(messageOf(error));
    }
  });
  const anonymise = useOneSubmission(async (subject: string) => {
    try {
      const done = await dataProvider.anonymiseSubject({ subject, riskManager: tenant });
      const changed = Object.values(done.counts).reduce((sum, count) => sum + count, 0);
      setConfirming(false);
      notify.success(T.anonymised(changed, done.kept));
      setAnswer(await find(subject));
    } catch (error) {
      setConfirming(false);
      notify.error(messageOf(error));
    }
  });
  const error = form.formState.errors.subject?.message;
  const json = (found: SubjectAnswer) => saveBlob(new Blob([JSON.stringify(found, null, 2)], { type: 'application/json' }), 'dados-do-titular.json');

  return (
    <Box>
      <Box component="form" role="search" aria-label={T.subject} noValidate onSubmit={(event) => void form.handleSubmit((values) => search.run(values))(event)} sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1, alignItems: { sm: 'flex-start' } }}>
        <TextField {...form.register('subject')} label={T.subject} error={Boolean(error)} helperText={error} sx={{ maxWidth: { sm: 420 } }} slotProps={{ htmlInput: { maxLength: 254 } }} />
        <Button type="submit" variant="contained" loading={search.pending} sx={{ flexShrink: 0 }}>
          {T.search}
        </Button>
      </Box>
      {answer && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button variant="outlined" onClick={() => json(answer)}>
              {T.exportJson}
            </Button>
            <Button variant="outlined" loading={pdf.pending} onClick={() => void pdf.run(answer.subject)}>
              {T.exportPdf}
            </Button>
            <Button variant="outlined" onClick={() => onNewRequest(answer.subject)}>
              {T.newRequest}
            </Button>
            <Button variant="outlined" color="error" disabled={answer.records.every((record) => record.kept !== null)} onClick={() => setConfirming(true)}>
              {T.anonymise}
            </Button>
          </Stack>
          <Found answer={answer} />
          <DeleteConfirmDialog
            open={confirming}
            entity={answer.subject}
            verb={T.anonymise}
            question={T.anonymiseConfirm(answer.subject)}
            loading={anonymise.pending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => void anonymise.run(answer.subject)}
          />
        </>
      )}
    </Box>
  );
}
