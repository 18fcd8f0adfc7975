/**
 * The simple lookups of the admin service share one shape ({name, active, riskManager}) and one
 * screen, built from their registry entry (src/domain/catalogues.ts): names, schema, success toast
 * and admin-home tile. Only the tile's icon is the screen's own.
 */
import type { ComponentType } from 'react';
import Groups from '@mui/icons-material/Groups';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalShipping from '@mui/icons-material/LocalShipping';
import PersonSearch from '@mui/icons-material/PersonSearch';
import Place from '@mui/icons-material/Place';
import ReportProblem from '@mui/icons-material/ReportProblem';
import { lookupsOf, type CatalogueEntry, type CatalogueRegistry, type LookupEntry } from '../domain/catalogues';
import { lookupSchema } from '../domain/schemas';
import type { ResourceDeclaration } from './framework/types';
import {
  activeField,
  catalogueEntryAccess,
  idField,
  nameField,
  riskManagerField,
  schemaWithRiskManager,
  seenByCatalogueAdmins,
  seenByPlatformAdmins,
} from './shared';

type TileIcon = ComponentType<{ fontSize?: 'large' }>;

/** The tiles' icons; a lookup without one here gets a generic list icon. */
const LOOKUP_ICONS: Readonly<Record<string, TileIcon>> = {
  causes: ReportProblem,
  carriers: LocalShipping,
  places: Place,
  leaderships: Groups,
  requesters: PersonSearch,
};

export function lookupDeclaration(
  name: string,
  entry: CatalogueEntry & { lookup: LookupEntry },
  icon: TileIcon = LOOKUP_ICONS[name] ?? ListAlt,
): ResourceDeclaration {
  const { nameLabel, nameRequired, entity, tileLabel, successMessage } = entry.lookup;
  return {
    name,
    title: entry.lookup.title ?? entry.label,
    entity,
    endpoint: entry.endpoint,
    schema: schemaWithRiskManager(lookupSchema(nameRequired)),
    fields: [idField, nameField(nameLabel), activeField, riskManagerField()],
    columns: [
      { source: 'name' },
      { source: 'active' },
    ],
    sections: [{ title: 'Informações', fields: ['id', 'name', 'active', 'riskManager'] }],
    access: catalogueEntryAccess(entry),
    successMessage,
    tile: {
      group: 'simple',
      label: tileLabel,
      icon,
      see: entry.tenancy === 'global' ? seenByPlatformAdmins : seenByCatalogueAdmins,
    },
  };
}

/** The screens of a registry's lookups, in registry order. */
export const lookupDeclarationsOf = (registry: CatalogueRegistry): ResourceDeclaration[] =>
  lookupsOf(registry).map(([name, entry]) => lookupDeclaration(name, entry));
