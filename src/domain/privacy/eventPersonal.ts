/**
 * The personal data of a mission event, kept out of its hashed row (chain form v2,
 * src/domain/reports/chain.ts; docs/rules/privacy.md): the actor's name, and in a vehicle's or an
 * agent's change the driver's name and CPF and the agent's name. `splitPersonal` puts a placeholder
 * where each value was and hands the values back in order; `joinPersonal` puts them back for the
 * timeline and the PDF. After an anonymisation the values read ANONYMISED_MARKER.
 */
import type { DetailChange } from '../missions/types';

/** What replaces a person's name wherever it was anonymised. */
export const ANONYMISED_MARKER = 'Titular anonimizado';

/** The fields of a sub-collection change that hold a person's data (changes.ts FIELDS labels). */
const PERSONAL_FIELDS = new Set(['Motorista', 'CPF', 'Nome']);

/** Changes whose item is named by a person (the agent's name); a vehicle is named by its plate. */
const PERSON_NAMED_ACTIONS = new Set(['agent_added', 'agent_changed', 'agent_removed']);
const PERSONAL_ACTIONS = new Set([...PERSON_NAMED_ACTIONS, 'vehicle_added', 'vehicle_changed', 'vehicle_removed']);

const PLACEHOLDER = /^⟦pessoal:(\d+)⟧$/;
const placeholder = (index: number) => `⟦pessoal:${index}⟧`;
/** A value that is absent in the change ('—') tells nothing about anyone: left in the row. */
const NONE = '—';

export interface PersonalSplit {
  actorName: string;
  details: Record<string, unknown> | null;
  /** The values the placeholders stand for, in placeholder order. */
  values: string[];
}

/** The event's row form (placeholders) and its personal values. */
export function splitPersonal(action: string, actorName: string, details: Record<string, unknown> | null): PersonalSplit {
  const values: string[] = [];
  const hold = (value: string): string => {
    values.push(value);
    return placeholder(values.length - 1);
  };
  const actor = hold(actorName);
  if (!details || !PERSONAL_ACTIONS.has(action)) return { actorName: actor, details, values };
  // Written only by detailWrites.ts from a DetailChange (isDetailEventAction).
  const change = details as unknown as DetailChange;
  const fields = change.fields.map((field) =>
    PERSONAL_FIELDS.has(field.field)
      ? { field: field.field, before: field.before === NONE ? NONE : hold(field.before), after: field.after === NONE ? NONE : hold(field.after) }
      : field,
  );
  const item = PERSON_NAMED_ACTIONS.has(action) && change.item ? hold(change.item) : change.item;
  return { actorName: actor, details: { ...details, item, fields }, values };
}

const filled = (text: string, values: readonly string[]): string => {
  const match = PLACEHOLDER.exec(text);
  return match ? (values[Number(match[1])] ?? ANONYMISED_MARKER) : text;
};

function fillDeep(value: unknown, values: readonly string[]): unknown {
  if (typeof value === 'string') return filled(value, values);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, values));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fillDeep(inner, values)]));
  }
  return value;
}

/** The event as people read it: each placeholder replaced by its value (the marker once erased). */
export function joinPersonal<E extends { actorName: string; details: unknown }>(event: E, values: readonly string[]): E {
  return { ...event, actorName: filled(event.actorName, values), details: fillDeep(event.details, values) };
}

/** The values once a person is anonymised: theirs (compared without case, spacing or CPF mask) become the marker. */
export function erasedValues(values: readonly string[], isTheirs: (value: string) => boolean): string[] {
  return values.map((value) => (isTheirs(value) ? ANONYMISED_MARKER : value));
}
