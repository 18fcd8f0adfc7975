import type { InferType } from 'yup';
import { SHIPPER_CNPJ_REQUIRED, SHIPPER_LEGAL_NAME_REQUIRED, SHIPPER_NAME_REQUIRED } from '../messages';
import { activeField, cnpjField, group, requiredText, riskManagerRef } from './fields';

/** Shipper (Embarcador): cnpj arrives masked or not and is kept unformatted upper-case. */
export const shipperSchema = group({
  name: requiredText(SHIPPER_NAME_REQUIRED),
  legalName: requiredText(SHIPPER_LEGAL_NAME_REQUIRED, 'legalName'),
  cnpj: cnpjField(SHIPPER_CNPJ_REQUIRED),
  active: activeField(),
  riskManager: riskManagerRef(),
});
export type ShipperValues = InferType<typeof shipperSchema>;
export const shipperInitialValues: ShipperValues = { name: '', legalName: '', cnpj: '', active: true, riskManager: null };
