/** The landing page's 'Fale conosco' form and POST /api/contact (docs/rules/validation.md). */
import type { InferType } from 'yup';
import { CONTACT_EMAIL_REQUIRED, CONTACT_MESSAGE_REQUIRED, CONTACT_NAME_REQUIRED } from '../messages';
import { emailField, group, headerText, requiredText } from './fields';

/** The name goes into the mail's subject (server/contact/handlers.ts), so it is header text; the e-mail has no whitespace at all. */
export const contactSchema = group({
  name: headerText(CONTACT_NAME_REQUIRED, 'name'),
  email: emailField(CONTACT_EMAIL_REQUIRED),
  message: requiredText(CONTACT_MESSAGE_REQUIRED, 'longText'),
});

export type ContactValues = InferType<typeof contactSchema>;
