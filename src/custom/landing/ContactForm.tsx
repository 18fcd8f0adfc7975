import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { CONTACT_FAILED, CONTACT_SENT } from '../../domain/company';
import type { ContactValues } from '../../domain/schemas/contact';
import { HttpError } from '../../dataProvider/HttpError';
import type { HttpClient } from '../../dataProvider/httpClient';
import { publicClient, sendContact } from '../../dataProvider/themesApi';
import { notify } from '../../layout/notify';

type Field = keyof ContactValues;
const EMPTY: Record<Field, string> = { name: '', email: '', message: '' };

/** 'Fale conosco' (spec 5): the shared schema's messages under the fields; a toast on success or failure. */
export function ContactForm({ client = publicClient }: { client?: HttpClient }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // yup arrives with the first submission: the landing page paints without it.
    const [{ contactSchema }, { validate }] = await Promise.all([import('../../domain/schemas/contact'), import('../../domain/validate')]);
    const checked = await validate(contactSchema, values);
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.issues.map((issue) => [issue.path, issue.message])));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await sendContact(client, checked.value);
      notify.success(CONTACT_SENT);
      setValues(EMPTY);
    } catch (error) {
      // A refusal the server explains (too many messages, a field) is shown as it is.
      const message = error instanceof HttpError && error.status !== 502 && error.status !== 0 ? error.message : CONTACT_FAILED;
      notify.error(message);
    } finally {
      setSending(false);
    }
  };

  const field = (name: Field, label: string, extra: object = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      {...extra}
    />
  );

  return (
    <Box component="form" aria-label="Fale conosco" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {field('name', 'Nome', { autoComplete: 'name' })}
      {field('email', 'E-mail', { type: 'email', autoComplete: 'email' })}
      {field('message', 'Mensagem', { multiline: true, minRows: 4 })}
      <Button type="submit" variant="contained" disabled={sending} sx={{ alignSelf: 'flex-start' }}>
        Enviar mensagem
      </Button>
    </Box>
  );
}
