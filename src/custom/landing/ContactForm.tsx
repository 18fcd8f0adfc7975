import { useId, useRef, useState } from 'react';
import { CONTACT_FAILED, CONTACT_SENT } from '../../domain/company';
import type { ContactValues } from '../../domain/schemas/contact';
import { HttpError } from '../../dataProvider/HttpError';
import type { HttpClient } from '../../dataProvider/httpClient';
import { publicClient, sendContact } from '../../dataProvider/themesApi';
import { notify } from '../../layout/notify';
import { useFormSubmission } from '../../layout/useOneSubmission';

type Field = keyof ContactValues;
const EMPTY: Record<Field, string> = { name: '', email: '', message: '' };

const FIELDS: readonly { name: Field; label: string; type?: string; autoComplete?: string }[] = [
  { name: 'name', label: 'Nome', autoComplete: 'name' },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'message', label: 'Mensagem' },
];

/**
 * 'Fale conosco' (docs/rules/validation.md): the shared schema's messages under the fields; a toast on
 * success or
 * failure. Plain inputs (no MUI) so that `/` stays a light page.
 */
export function ContactForm({ client = publicClient }: { client?: HttpClient }) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const form = useRef<HTMLFormElement>(null);

  const sending = useFormSubmission(async () => {
    // yup arrives with the first submission: the landing page paints without it.
    const [{ contactSchema }, { validate }] = await Promise.all([import('../../domain/schemas/contact'), import('../../domain/validate')]);
    const checked = await validate(contactSchema, values);
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.issues.map((issue) => [issue.path, issue.message])));
      // The first wrong field gets the focus, so keyboard and screen-reader users land on its message.
      const first = FIELDS.find((f) => checked.issues.some((issue) => issue.path === f.name));
      if (first) form.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
      return;
    }
    setErrors({});
    try {
      await sendContact(client, checked.value);
      notify.success(CONTACT_SENT);
      setValues(EMPTY);
    } catch (error) {
      // A refusal the server explains (too many messages, a field) is shown as it is.
      const message = error instanceof HttpError && error.status !== 502 && error.status !== 0 ? error.message : CONTACT_FAILED;
      notify.error(message);
    }
  });

  return (
    <form ref={form} className="lp-form" aria-label="Fale conosco" noValidate onSubmit={sending.onSubmit}>
      {FIELDS.map(({ name, label, type, autoComplete }) => {
        const inputId = `${id}-${name}`;
        const error = errors[name];
        const common = {
          id: inputId,
          name,
          value: values[name],
          autoComplete,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${inputId}-error` : undefined,
          onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
        };
        return (
          <div className="lp-field" key={name}>
            <label htmlFor={inputId}>{label}</label>
            {name === 'message' ? <textarea rows={4} {...common} /> : <input type={type ?? 'text'} {...common} />}
            {error && (
              <p className="lp-error" id={`${inputId}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="pr-button" disabled={sending.pending}>
        Enviar mensagem
      </button>
    </form>
  );
}
