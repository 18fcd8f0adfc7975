/**
 * The Início/Fim filters: a plain field until first reached, then the MUI X date-time picker
 * (loaded on demand); a date typed there goes to the server as an ISO instant on Pesquisar.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DATE_OUT_OF_RANGE } from '../../src/domain/validators/dates';
import { dismiss } from '../../src/layout/notify';
import { OPERADOR } from './frameworkHarness';
import { missionRow, monitoringCalls, renderMissions } from './missionsHarness';

afterEach(() => dismiss());

describe('missions date filters', () => {
  it('Início becomes the date-time picker when reached; a typed date is sent as start on Pesquisar', async () => {
    const { api, user } = renderMissions(OPERADOR, () => [missionRow({ processNumber: 'P-1' })]);
    await screen.findByText('P-1');
    await user.click(screen.getByRole('textbox', { name: 'Início' }));
    const group = await screen.findByRole('group', { name: 'Início' });
    const day = within(group).getAllByRole('spinbutton')[0]!;
    await user.click(day);
    await user.keyboard('050320261430');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(monitoringCalls(api.calls).at(-1)?.query?.start).toBeDefined());
    const start = new Date(String(monitoringCalls(api.calls).at(-1)?.query?.start));
    expect([start.getDate(), start.getMonth() + 1, start.getFullYear(), start.getHours(), start.getMinutes()]).toEqual([5, 3, 2026, 14, 30]);
    expect(monitoringCalls(api.calls).at(-1)?.query).toMatchObject({ page: 1 });
  });

  it('Fim before Início: the range message and no search', async () => {
    const { api, user } = renderMissions(OPERADOR, () => [missionRow({ processNumber: 'P-1' })]);
    await screen.findByText('P-1');
    for (const [label, typed] of [
      ['Início', '050320261430'],
      ['Fim', '040320261430'],
    ] as const) {
      await user.click(screen.getByRole('textbox', { name: label }));
      const group = await screen.findByRole('group', { name: label });
      await user.click(within(group).getAllByRole('spinbutton')[0]!);
      await user.keyboard(typed);
    }
    expect(await screen.findByText('A data inicial não pode ser posterior à data final')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pesquisar' })).toBeDisabled();
    expect(monitoringCalls(api.calls)).toHaveLength(1);
  });

  it('a date outside the years 1900–2099: the years message under it and no search', async () => {
    const { api, user } = renderMissions(OPERADOR, () => [missionRow({ processNumber: 'P-1' })]);
    await screen.findByText('P-1');
    await user.click(screen.getByRole('textbox', { name: 'Início' }));
    const group = await screen.findByRole('group', { name: 'Início' });
    await user.click(within(group).getAllByRole('spinbutton')[0]!);
    await user.keyboard('050318991430');
    expect(await screen.findByText(DATE_OUT_OF_RANGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pesquisar' })).toBeDisabled();
    expect(monitoringCalls(api.calls)).toHaveLength(1);
  });
});
