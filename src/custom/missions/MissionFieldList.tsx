/** Some fields of a mission as a definition list: each label above its value, in a grid. */
import type { MissionRow } from '../../domain/missions';
import { LabelledValues } from '../../layout/LabelledValues';
import type { MissionField } from './missionFields';

export function MissionFieldList({ row, fields, id }: { row: MissionRow; fields: MissionField[]; id?: string }) {
  return <LabelledValues id={id} items={fields.map((field) => ({ label: field.label, value: field.text(row) || '-' }))} />;
}
