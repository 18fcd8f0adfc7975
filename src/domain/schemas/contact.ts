/** The landing page's 'Fale conosco' form and POST /api/contact (spec 5, "Contact form"). */
import type { InferType } from 'yup';
import { CONTACT_EMAIL_REQUIRED, CONTACT_MESSAGE_REQUIRED, CONTACT_NAME_REQUIRED } from '../messages';
import { emailField, group, requiredText } from './fields';

export const contactSchema = group({
  name: requiredText(CONTACT_NAME_REQUIRED, 'name'),
  email: emailField(CONTACT_EMAIL_REQUIRED),
  message: requiredText(CONTACT_MESSAGE_REQUIRED, 'longText'),
});

export type ContactValues = InferType<typeof contactSchema>;
