import { object, type InferType } from 'yup';
import { SHIPPER_CNPJ_REQUIRED, SHIPPER_LEGAL_NAME_REQUIRED, SHIPPER_NAME_REQUIRED } from '../messages';
import { activeField, cnpjField, requiredText, riskManagerRef } from './fields';

/** Shipper (Embarcador): cnpj arrives masked or not and is kept unformatted upper-case. */
export const shipperSchema = object({
  name: requiredText(SHIPPER_NAME_REQUIRED),
  legalName: requiredText(SHIPPER_LEGAL_NAME_REQUIRED),
  cnpj: cnpjField(SHIPPER_CNPJ_REQUIRED),
  active: activeField(),
  riskManager: riskManagerRef(),
});
export type ShipperValues = InferType<typeof shipperSchema>;
export const shipperInitialValues: ShipperValues = { name: '', legalName: '', cnpj: '', active: true, riskManager: null };
