/**
 * The declaration a developer writes to add a catalogue (docs/architecture.md). The framework turns one
 * of these into the product's list screen, detail form dialog, delete confirmation, Excel export and routes.
 */
import type { ComponentType, ReactNode } from 'react';
import type { AnyObjectSchema, InferType } from 'yup';
import type { ResourceEndpoint } from '../../dataProvider/endpoints';
import type { CurrentUser } from '../../authProvider/useCurrentUser';

export type FormMode = 'create' | 'edit';

/** Form values and records: the API shape (money in cents, masked values unformatted), plus `id`. */
export type FormValues = Record<string, unknown>;

/** Everything a field rule may depend on. */
export interface FieldContext {
  mode: FormMode;
  user: CurrentUser;
  /** The record being edited (undefined at creation). */
  record?: FormValues;
  /** For child resources: the parent's id and record (e.g. the provider whose logins are listed). */
  parentId?: string;
  parentRecord?: FormValues;
}

export type Rule = boolean | ((ctx: FieldContext) => boolean);

export interface SelectOption {
  label: string;
  value: string | number | boolean | null;
}

/** A select whose options are records of another resource, loaded through the data provider. */
export interface ReferenceOptions {
  resource: string;
  /** Record field shown as the option label. */
  optionLabel: string;
  /** Record field used as the value; defaults to `id`. */
  optionValue?: string;
  /** meta.parentId of the reference call (e.g. the risk manager whose providers are listed). */
  parentId?: (ctx: FieldContext) => string | undefined;
  /** Keeps only some records: exact values at their paths, sent as the reference call's filter (e.g. active services). */
  filter?: Record<string, unknown>;
  /** An extra first option, e.g. { label: 'Todos', value: null }. */
  allOption?: SelectOption;
}

/** Display ⇄ stored conversion of a masked text (CNPJ, phones). */
export interface Mask {
  /** Stored (unformatted) → shown. */
  format: (raw: string) => string;
  /** Typed text → stored (unformatted). */
  parse: (typed: string) => string;
  /** Shown in lists and read-only rows when the value is empty (spec: phones show '-'). */
  emptyText?: string;
}

/** The paths of a record's values: its keys, and one level into its groups (`contacts.phone1`). */
type PathsOf<T> = {
  [K in keyof T & string]: K | (NonNullable<T[K]> extends Record<string, unknown> ? `${K}.${keyof NonNullable<T[K]> & string}` : never);
}[keyof T & string];

/**
 * What a field of a declaration validated by `S` may name: the read-only `id`, or a value of the
 * schema (a key, or a member of one of its groups). A declaration without a known shape names any.
 */
export type FieldSource<S extends AnyObjectSchema = AnyObjectSchema> =
  string extends keyof InferType<S> ? string : 'id' | PathsOf<NonNullable<InferType<S>>>;

interface FieldBase<P extends string> {
  /** Dotted path into the record, e.g. `name`, `contacts.phone1`, `role.perfil`. */
  source: P;
  label: string;
  /** Skipped entirely (not rendered, not shown in the read-only layout). */
  hidden?: Rule;
  /** Shown but never editable (e.g. e-mail once it exists). */
  readOnly?: Rule;
  /** Only part of the create layout (e.g. password). */
  createOnly?: boolean;
  /** Initial value at creation. */
  defaultValue?: string | number | boolean | null | ((ctx: FieldContext) => unknown);
  /** Disables the field while the form is on screen, from other values (e.g. toll price when not charged). */
  disabledWhen?: (values: FormValues) => boolean;
}

export interface TextFieldDeclaration<P extends string = string> extends FieldBase<P> {
  type: 'text' | 'email' | 'password';
}
export interface BooleanFieldDeclaration<P extends string = string> extends FieldBase<P> {
  type: 'boolean';
}
export interface SelectFieldDeclaration<P extends string = string> extends FieldBase<P> {
  type: 'select';
  options?: SelectOption[] | ((ctx: FieldContext) => SelectOption[]);
  reference?: ReferenceOptions;
  /** Record field holding a display label when the options are not loaded (e.g. `stateName`). */
  displaySource?: string;
}
export interface MaskedFieldDeclaration<P extends string = string> extends FieldBase<P> {
  type: 'masked';
  mask: Mask;
}
/** Integer cents, typed and shown as 'R$ 1.234,56'. */
export interface MoneyFieldDeclaration<P extends string = string> extends FieldBase<P> {
  type: 'money';
}
export interface NumberFieldDeclaration<P extends string = string> extends FieldBase<P> {
  type: 'number';
  min?: number;
  max?: number;
  /** The arrows' step; 1 unless the number is a decimal (coordinates). */
  step?: number;
}
/** 'hh:mm' (hours 0-99). */
export interface TimeFieldDeclaration<P extends string = string> extends FieldBase<P> {
  type: 'time';
}

/** A calendar day, held as 'aaaa-mm-dd' and picked or typed as dd/mm/aaaa. */
export interface DateFieldDeclaration<P extends string = string> extends FieldBase<P> {
  type: 'date';
}

export type FieldDeclaration<P extends string = string> =
  | TextFieldDeclaration<P>
  | BooleanFieldDeclaration<P>
  | SelectFieldDeclaration<P>
  | MaskedFieldDeclaration<P>
  | MoneyFieldDeclaration<P>
  | NumberFieldDeclaration<P>
  | TimeFieldDeclaration<P>
  | DateFieldDeclaration<P>;

export interface ColumnDeclaration {
  /** Record path; when a field has the same source its type formats the cell (Sim/Não, labels, masks). */
  source: string;
  /**
   * The header; by default the label of the field with this source (or whose displaySource it is),
   * so a field's label is written once (values.ts columnLabel).
   */
  label?: string;
  /**
   * Custom text of the cell. Whatever a cell shows (this text, else the field's formatting) is also
   * what the Excel export writes, what the Filtrar box searches and, for coded columns, what the
   * column sorts by (values.ts listRowText).
   */
  text?: (record: FormValues) => string;
  sortable?: boolean;
}

export interface FormSection<P extends string = string> {
  title: string;
  /** Field sources, in display order. */
  fields: P[];
  /**
   * The section is an address: which of its fields is which. While editing, its CEP looked up as
   * its 8th digit is typed fills the street, neighbourhood, city and state, then the coordinates
   * (the missions' look-up, src/layout/address/useAddressLookup.ts).
   */
  address?: AddressSection<P>;
}

/** An address section's fields by their part (the location group of docs/rules/validation.md). */
export interface AddressSection<P extends string = string> {
  zipcode: P;
  address: P;
  number?: P;
  neighborhood: P;
  city: P;
  state: P;
  latitude?: P;
  longitude?: P;
}

/** A link from each row to a child list, e.g. shippers → shippersFranchise. */
export interface ChildLink {
  resource: string;
  label: string;
}

export interface LegendItem {
  icon: ReactNode;
  label: string;
}

/** Rules of edit and delete may look at the record (e.g. nobody deletes their own user). */
export interface AccessRules {
  create?: (user: CurrentUser) => boolean;
  edit?: (user: CurrentUser, record?: FormValues) => boolean;
  delete?: (user: CurrentUser, record?: FormValues) => boolean;
}

/**
 * A single-record screen. A user tied to a risk manager gets exactly one record; an admin sees one
 * per risk manager and picks which to edit with this select.
 */
export interface SingleRecordOptions {
  pickerLabel: string;
  /** Record field matched against the picker's option values. */
  pickerSource: string;
  pickerReference: ReferenceOptions;
}

/**
 * The declaration's tile on the admin home (/home/admin): 'simple' tiles ('Configurações') open
 * /home/admin/{name}, 'advanced' ones ('Configurações Avançadas') /home/admin/advanced/{name}.
 * `see` decides both whether the tile shows and whether its screens (and child lists) open.
 */
export interface AdminTileDeclaration {
  group: 'simple' | 'advanced';
  label: string;
  /** An icon component (e.g. from @mui/icons-material), drawn large. */
  icon: ComponentType<{ fontSize?: 'large' }>;
  /** docs/rules/tenancy-and-roles.md: who sees the tile (rules from src/domain/permissions). */
  see: (user: CurrentUser) => boolean;
}

/** A declaration's schema as the form reads it: one, one per mode, or chosen from the context. */
export type DeclaredSchema<S extends AnyObjectSchema = AnyObjectSchema> = S | { create: S; edit: S } | ((ctx: FieldContext) => S);

/**
 * `S` is the declaration's schema: with a known shape, tsc refuses a field or a section naming
 * something the schema does not have (tests/ui/resourceDeclarationTypes.test.ts).
 */
// The default is `any` (yup's object schemas are not assignable to each other): a declaration typed
// by its schema still goes into the lists of declarations, which name any field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export interface ResourceDeclaration<S extends AnyObjectSchema = any> {
  /** react-admin resource name, URL segment and key of the endpoint map. */
  name: string;
  /** List title. */
  title: string;
  /** Singular entity name: dialog title and 'Deletar | {entity}'. */
  entity: string;
  endpoint: ResourceEndpoint;
  /**
   * The shared yup schema (src/domain/schemas) validating the form: one schema, one per mode, or
   * chosen from the context (e.g. riskManager required when an admin creates).
   */
  schema: DeclaredSchema<S>;
  /** Values the create form starts with beyond the fields' defaults (e.g. the parent's id). */
  createDefaults?: (ctx: FieldContext) => FormValues;
  fields: FieldDeclaration<FieldSource<S>>[];
  columns: ColumnDeclaration[];
  sections: FormSection<FieldSource<S>>[];
  children?: ChildLink[];
  /** Who may create, edit and delete; everything is allowed when absent. */
  access?: AccessRules;
  /** Toast after a successful create, update or delete (docs/rules/messages.md); default 'Salvo com sucesso'. */
  successMessage?: string;
  /** Submit-time clean-up (docs/rules/validation.md), e.g. cleanFranchisePlan or adding the provider name. */
  toSubmit?: (values: FormValues, ctx: FieldContext) => FormValues;
  /** Initial sort of the list; defaults to the first column ascending. */
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  perPage?: number;
  legend?: LegendItem[];
  /** One record edited in place, no list (Parâmetros da missão). */
  single?: SingleRecordOptions;
  /** For a child resource: the parent resource and the parent field shown in the title. */
  parent?: { resource: string; labelSource: string };
  /** How one record reads in react-admin (its <Resource>'s recordRepresentation); default its `name`. */
  recordRepresentation?: string | ((record: FormValues) => string);
  /** For a catalogue of the admin home: its tile. */
  tile?: AdminTileDeclaration;
  /** More buttons beside Editar on an existing record (e.g. a user's 'Redefinir verificação em duas etapas'). */
  recordActions?: ComponentType<{ record: FormValues; user: CurrentUser }>;
}
