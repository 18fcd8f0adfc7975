/**
 * The five simple lookups of the admin service share one shape ({name, active, riskManager}) and
 * one screen; each declaration gives its names, schema, success toast and admin-home tile.
 */
import type { ComponentType } from 'react';
import type { AnyObject, ObjectSchema } from 'yup';
import type { LookupType } from '../domain/schemas';
import type { ResourceDeclaration } from './framework/types';
import { activeField, catalogueAccess, idField, nameField, riskManagerField, schemaWithRiskManager, seenByCatalogueAdmins } from './shared';
import { ENDPOINTS } from '../domain/endpoints';

export interface LookupOptions {
  name: LookupType;
  title: string;
  entity: string;
  /** Label of the name field, e.g. 'Motivo'. */
  nameLabel: string;
  schema: ObjectSchema<AnyObject>;
  successMessage: string;
  /** Admin-home tile ('Configurações'). */
  tileLabel: string;
  icon: ComponentType<{ fontSize?: 'large' }>;
}

export function lookupDeclaration(options: LookupOptions): ResourceDeclaration {
  const { name, title, entity, nameLabel, schema, successMessage, tileLabel, icon } = options;
  return {
    name,
    title,
    entity,
    endpoint: ENDPOINTS[name],
    schema: schemaWithRiskManager(schema),
    fields: [idField, nameField(nameLabel), activeField, riskManagerField()],
    columns: [
      { source: 'name', label: nameLabel },
      { source: 'active', label: 'Ativo' },
    ],
    sections: [{ title: 'Informações', fields: ['id', 'name', 'active', 'riskManager'] }],
    access: catalogueAccess(name),
    successMessage,
    tile: { group: 'simple', label: tileLabel, icon, see: seenByCatalogueAdmins },
  };
}
