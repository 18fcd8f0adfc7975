/**
 * The screen of a registry entry declared by its fields (defineRecord, src/domain/recordDescriptor.ts):
 * list, form dialog, delete confirmation and admin-home tile, all from the descriptor — the read-only
 * id, then each field in the descriptor's order (its label, its kind's input, its default), the
 * risk-manager select when the entry belongs to a tenant; the list shows the fields that are
 * columns. Only the tile's icon is the screen's own.
 */
import type { ComponentType } from 'react';
import Groups from '@mui/icons-material/Groups';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalShipping from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import PersonSearch from '@mui/icons-material/PersonSearch';
import Place from '@mui/icons-material/Place';
import ReportProblem from '@mui/icons-material/ReportProblem';
import RequestQuote from '@mui/icons-material/RequestQuote';
import type { CatalogueEntry } from '../domain/catalogues';
import type { RecordDescriptor, RecordFieldSpec, RecordFields } from '../domain/recordDescriptor';
import { recordSchemaOf } from '../domain/schemas';
import type { FieldDeclaration, ResourceDeclaration } from './framework/types';
import { catalogueEntryAccess, idField, riskManagerField, schemaWithRiskManager, seenByCatalogueAdmins, seenByPlatformAdmins } from './shared';

type TileIcon = ComponentType<{ fontSize?: 'large' }>;

/** The tiles' icons; an entry without one here gets a generic list icon. */
const RECORD_ICONS: Readonly<Record<string, TileIcon>> = {
  causes: ReportProblem,
  carriers: LocalShipping,
  places: Place,
  leaderships: Groups,
  requesters: PersonSearch,
  states: MapIcon,
  franchises: RequestQuote,
};

/** The form field of a descriptor field. */
function fieldDeclaration(source: string, field: RecordFieldSpec): FieldDeclaration {
  const { label } = field;
  switch (field.kind) {
    case 'text':
      return { source, label, type: 'text' };
    case 'flag':
      return { source, label, type: 'boolean', defaultValue: field.default };
    case 'choice': {
      const { options, offered } = field;
      return {
        source,
        label,
        type: 'select',
        defaultValue: field.default,
        // A record holding a value the form does not offer still reads its label.
        options: offered
          ? (ctx) => {
              const value = ctx.record?.[source];
              return value === undefined || offered.some((option) => option.value === value) ? [...offered] : [...options];
            }
          : [...options],
      };
    }
  }
}

type Described = Pick<CatalogueEntry, 'label' | 'endpoint' | 'tenancy'> & { record: RecordDescriptor<RecordFields> };

/** The screen of the entry `name`: its sources are its fields' names, its schema's own. */
export function recordDeclaration(name: string, entry: Described): ResourceDeclaration {
  const { fields, entity, title, tile, successMessage, children } = entry.record;
  const owned = entry.tenancy === 'riskManager';
  const schema = recordSchemaOf(entry);
  const described = Object.entries(fields);
  return {
    name,
    title: title ?? entry.label,
    entity,
    endpoint: entry.endpoint,
    schema: owned ? schemaWithRiskManager(schema) : schema,
    fields: [idField, ...described.map(([source, field]) => fieldDeclaration(source, field)), ...(owned ? [riskManagerField()] : [])],
    columns: described.filter(([, field]) => field.column !== false).map(([source]) => ({ source })),
    sections: [{ title: 'Informações', fields: ['id', ...described.map(([source]) => source), ...(owned ? ['riskManager'] : [])] }],
    ...(children ? { children: children.map((child) => ({ ...child })) } : {}),
    access: catalogueEntryAccess(entry),
    successMessage,
    tile: {
      ...tile,
      icon: RECORD_ICONS[name] ?? ListAlt,
      see: entry.tenancy === 'global' ? seenByPlatformAdmins : seenByCatalogueAdmins,
    },
  };
}
