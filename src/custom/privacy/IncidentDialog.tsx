/**
 * A security incident (ANPD Res. 15/2024) registered or edited, checked by the same schema as the
 * server's: the day it happened, its nature, the data and the number of people affected, the
 * measures taken and the days the ANPD and the data subjects were told (not before the incident).
 */
import type { PrivacyIncident } from '../../domain/privacy/contracts';
import { brasiliaToday, incidentSchema, type IncidentValues } from '../../domain/privacy/schemas';
import { PRIVACY_TEXTS as T } from '../../domain/privacy/texts';
import { serverNow } from '../../dataProvider/serverClock';
import { FormDialog, FormField } from '../missionDetails/FormDialog';

const dateLabel = { inputLabel: { shrink: true } } as const;

const valuesOf = (incident: PrivacyIncident | null): IncidentValues => ({
  riskManager: incident?.riskManager ?? null,
  occurredOn: incident?.occurredOn ?? brasiliaToday(serverNow()),
  nature: incident?.nature ?? '',
  dataCategories: incident?.dataCategories ?? '',
  peopleAffected: incident?.peopleAffected ?? 0,
  measures: incident?.measures ?? '',
  anpdNotifiedOn: incident?.anpdNotifiedOn ?? null,
  subjectsNotifiedOn: incident?.subjectsNotifiedOn ?? null,
});

export function IncidentDialog({ incident, onSave, onClose }: { incident: PrivacyIncident | null; onSave: (values: IncidentValues) => Promise<boolean>; onClose: () => void }) {
  return (
    <FormDialog<IncidentValues> title={incident ? T.editIncident : T.newIncident} schema={incidentSchema} defaultValues={valuesOf(incident)} onSubmit={onSave} onClose={onClose}>
      {({ control }) => (
        <>
          <FormField control={control} name="occurredOn" label={T.occurredOn} type="date" slotProps={dateLabel} required />
          <FormField control={control} name="nature" label={T.nature} multiline minRows={2} required />
          <FormField control={control} name="dataCategories" label={T.dataCategories} required />
          <FormField control={control} name="peopleAffected" label={T.peopleAffected} type="number" required slotProps={{ htmlInput: { inputMode: 'numeric', min: 0 } }} />
          <FormField control={control} name="measures" label={T.measures} multiline minRows={2} required />
          <FormField control={control} name="anpdNotifiedOn" label={T.anpdNotifiedOn} type="date" slotProps={dateLabel} />
          <FormField control={control} name="subjectsNotifiedOn" label={T.subjectsNotifiedOn} type="date" slotProps={dateLabel} />
        </>
      )}
    </FormDialog>
  );
}
