/**
 * The missions the dispatcher map shows: every open and started mission the viewer may see,
 * gathered page by page from GET request/monitoring (status filter), up to MAX_PAGES per status
 * so a huge tenant cannot make the map ask forever. Under the monitoring query key, so the live
 * stream's invalidation refreshes the map with the table.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { MissionRow, StoredMissionStatus } from '../../domain/missions';
import { usePollInterval } from './livePolling';

const MAX_PAGES = 10;
const MAP_STATUSES: StoredMissionStatus[] = ['open', 'started'];

export function useDispatchMissions() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const pollMs = usePollInterval();
  return useQuery({
    queryKey: ['missions', 'monitoring', 'map'],
    queryFn: async ({ signal }) => {
      const rows: MissionRow[] = [];
      for (const status of MAP_STATUSES) {
        for (let page = 1; page <= MAX_PAGES; page++) {
          const answer = await dataProvider.missionsMonitoring({ page, status }, signal);
          rows.push(...answer.data.filter((r) => r.storedStatus === status));
          if (page >= answer.totalPages) break;
        }
      }
      return rows;
    },
    refetchInterval: (q) => (q.state.status === 'error' ? false : pollMs),
  });
}
