/**
 * The caller's roster and Polícia Federal authorisation (docs/rules/agents.md), one query shared by
 * the Agentes screen, the 'Prestadores' tab's picker and the proposal form: saving an agent
 * refreshes all three.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

export const ROSTER_KEY = ['roster'] as const;

export function useRoster() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: ROSTER_KEY, queryFn: ({ signal }) => dataProvider.roster(signal) });
}
