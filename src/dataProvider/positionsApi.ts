/**
 * The provider's tracking devices and a mission's teams on the map (docs/rules/positions.md; base /api/positions) as typed extra
 * methods of the data provider (see missionsApi.ts for why they are flat), made from their
 * contracts (src/domain/positions/contracts.ts).
 *
 * | method               | call                                          |
 * |----------------------|-----------------------------------------------|
 * | trackerDevices       | GET devices → TrackerDevice[]                 |
 * | createTrackerDevice  | POST devices TrackerDeviceValues → TrackerDevice |
 * | revokeTrackerDevice  | DELETE devices/{id} → 204                     |
 * | missionTeams         | GET missions/{id} → MissionTeams (the map's teams, live ETA) |
 */
import { POSITION_CONTRACTS } from '../domain/positions/contracts';
import type { TrackerDeviceValues } from '../domain/schemas/trackerDevice';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createPositionsApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    trackerDevices: (signal?: AbortSignal) => call(POSITION_CONTRACTS.devices, { signal }),
    createTrackerDevice: (values: TrackerDeviceValues) => call(POSITION_CONTRACTS.createDevice, { body: values }),
    revokeTrackerDevice: async (id: string) => {
      await call(POSITION_CONTRACTS.revokeDevice, { params: { id } });
    },
    missionTeams: (missionId: string, signal?: AbortSignal) => call(POSITION_CONTRACTS.missionTeams, { params: { id: missionId }, signal }),
  };
}
