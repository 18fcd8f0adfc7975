/**
 * The Início/Fim filters: a plain field until first reached, then the MUI X date-time picker
 * (loaded on demand); a date typed there goes to the server as an ISO instant on Pesquisar.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DATE_OUT_OF_RANGE } from '../../src/domain/validators/dates';
import { dismiss } from '../../src/layout/notify';
import { monitoringCalls, renderMissions, seedMission, serveMissions } from './missionsHarness';

const server = serveMissions();
afterEach(() => dismiss());

/** The monitoring page the screen asked for last. */
const lastQuery = () => monitoringCalls(server).at(-1);

describe('missions date filters', () => {
  // The first test of the file also loads the screen and the picker: long on a busy 2-core machine.
  it('Início becomes the date-time picker when reached; a typed date is sent as start on Pesquisar', { timeout: 45_000 }, async () => {
    // Created the day after and the day before the start typed below, in any time zone.
    await seedMission(server, { processNumber: 'P-1', createdAt: new Date('2026-03-06T12:00:00.000Z') });
    await seedMission(server, { processNumber: 'P-0', createdAt: new Date('2026-03-04T12:00:00.000Z') });
    const { user } = await renderMissions(server, 'operador');
    await screen.findByText('P-1');
    await user.click(screen.getByRole('textbox', { name: 'Início' }));
    const group = await screen.findByRole('group', { name: 'Início' });
    const day = within(group).getAllByRole('spinbutton')[0]!;
    await user.click(day);
    await user.keyboard('050320261430');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(lastQuery()?.get('start')).toBeTruthy());
    const start = new Date(String(lastQuery()?.get('start')));
    expect([start.getDate(), start.getMonth() + 1, start.getFullYear(), start.getHours(), start.getMinutes()]).toEqual([5, 3, 2026, 14, 30]);
    expect(lastQuery()?.get('page')).toBe('1');
    // The server filtered by that instant: only the mission created after it is left.
    await waitFor(() => {
      expect(screen.getByText('P-1')).toBeInTheDocument();
      expect(screen.queryByText('P-0')).not.toBeInTheDocument();
    });
  });

  it('Fim before Início: the range message and no search', async () => {
    await seedMission(server, { processNumber: 'P-1' });
    const { user } = await renderMissions(server, 'operador');
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
    expect(monitoringCalls(server)).toHaveLength(1);
  });

  it('a date outside the years 1900–2099: the years message under it and no search', async () => {
    await seedMission(server, { processNumber: 'P-1' });
    const { user } = await renderMissions(server, 'operador');
    await screen.findByText('P-1');
    await user.click(screen.getByRole('textbox', { name: 'Início' }));
    const group = await screen.findByRole('group', { name: 'Início' });
    await user.click(within(group).getAllByRole('spinbutton')[0]!);
    await user.keyboard('050318991430');
    expect(await screen.findByText(DATE_OUT_OF_RANGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pesquisar' })).toBeDisabled();
    expect(monitoringCalls(server)).toHaveLength(1);
  });
});
