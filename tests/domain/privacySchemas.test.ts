import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { PRIVACY_MESSAGES as M } from '../../src/domain/privacy';
import { incidentSchema } from '../../src/domain/privacy/schemas';

/** The incident's notification days (docs/rules/privacy.md): refused before the incident, under the day to fix. */
const incident = { occurredOn: '2026-10-10', nature: 'Acesso indevido', dataCategories: 'Nome', peopleAffected: 3, measures: 'Senhas trocadas' };

async function issues(value: object): Promise<{ path: string | undefined; message: string }[]> {
  try {
    await incidentSchema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return (error.inner.length > 0 ? error.inner : [error]).map((one) => ({ path: one.path, message: one.message }));
  }
}

describe('incidentSchema: notification days', () => {
  it('names the notification sent before the incident', async () => {
    expect(await issues({ ...incident, anpdNotifiedOn: '2026-10-01' })).toEqual([{ path: 'anpdNotifiedOn', message: M.notifiedBeforeIncident }]);
    expect(await issues({ ...incident, anpdNotifiedOn: '2026-10-11', subjectsNotifiedOn: '2026-10-09' })).toEqual([{ path: 'subjectsNotifiedOn', message: M.notifiedBeforeIncident }]);
  });

  it('accepts notifications on or after the incident, or none', async () => {
    expect(await issues({ ...incident, anpdNotifiedOn: '2026-10-10', subjectsNotifiedOn: '2026-10-12' })).toEqual([]);
    expect(await issues(incident)).toEqual([]);
  });
});
