/**
 * The missions table's data (docs/rules/missions.md): GET request/monitoring through TanStack
 * Query, polled every MISSIONS_POLL_MS. Polling stops while a modal is open (a row must not move
 * under the person deciding about it) and after a failed poll (a failing server is not hammered;
 * the screen offers a retry). It also says which rows appeared since the previous poll of the same
 * filter, for the flash and the provider's new-mission notice, and which rows changed status or
 * holder (a provider's bid outcome when the live stream is down).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { HttpError } from '../../dataProvider/HttpError';
import type { MonitoringFilter } from '../../dataProvider/missionsApi';
import { MISSIONS_POLL_MS, type MissionRow, type MonitoringPage } from '../../domain/missions';

export const MONITORING_KEY = ['missions', 'monitoring'] as const;

interface Tracked {
  data: MonitoringPage | undefined;
  key: string;
  rows: ReadonlyMap<string, MissionRow>;
  /** Rows of this answer that the previous answer to the same filter did not have. */
  fresh: MissionRow[];
  /** Rows of both answers whose status or holder changed between them. */
  moved: MissionMove[];
}

export interface MissionMove {
  before: MissionRow;
  after: MissionRow;
}

const EMPTY: Tracked = { data: undefined, key: '', rows: new Map(), fresh: [], moved: [] };

/** `pollMs`: slower while the live stream is up (src/custom/live/livePolling.ts). */
export function useMissionsMonitoring(filter: MonitoringFilter, paused: boolean, pollMs: number = MISSIONS_POLL_MS) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({
    queryKey: [...MONITORING_KEY, filter],
    queryFn: async ({ signal }) => {
      const page = await dataProvider.missionsMonitoring(filter, signal);
      // A proxy or an older server answering something else is an error state, not a crash.
      if (!Array.isArray((page as Partial<MonitoringPage> | null)?.data)) {
        throw new HttpError(502, { error: 'Resposta inesperada do servidor' });
      }
      return page;
    },
    refetchInterval: (q) => (paused || q.state.status === 'error' ? false : pollMs),
    placeholderData: keepPreviousData,
  });

  // Compared while rendering (React's "state from the previous render" pattern), so the flash and
  // the notice come with the rows that caused them.
  const [tracked, setTracked] = useState<Tracked>(EMPTY);
  const key = JSON.stringify(filter);
  if (query.data !== tracked.data && !query.isPlaceholderData) {
    const rows = query.data?.data ?? [];
    const samePage = tracked.key === key && tracked.data !== undefined;
    const moved = samePage
      ? rows.flatMap((after) => {
          const before = tracked.rows.get(after._id);
          return before && (before.status !== after.status || before.serviceProvider !== after.serviceProvider) ? [{ before, after }] : [];
        })
      : [];
    setTracked({
      data: query.data,
      key,
      rows: new Map(rows.map((r) => [r._id, r])),
      fresh: samePage ? rows.filter((r) => !tracked.rows.has(r._id)) : [],
      moved,
    });
  }

  const current = tracked.data === query.data;
  return { ...query, fresh: current ? tracked.fresh : [], moved: current ? tracked.moved : [] };
}
