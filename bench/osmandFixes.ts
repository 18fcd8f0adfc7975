/**
 * The requests a team's phone sends (docs/operations/traccar-client.md, docs/rules/positions.md):
 * OsmAnd's query form (GET, what OsmAnd and older Traccar Clients send) and Traccar Client 9's JSON
 * body (POST). Half the fleet speaks each. The fixes are ~10 km from the missions' place (a team on
 * its way), so every fix pays the intake's regular cost and none completes an arrival.
 */
export const OSMAND_PATH = '/api/positions/osmand';

export interface OsmandRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The n-th fix of the `device`-th phone of the fleet, taken at `at`. */
export function osmandFix(identifier: string, device: number, n: number, at: Date, path = OSMAND_PATH): OsmandRequest {
  const lat = -23.47 + ((device * 37 + n) % 200) / 20_000;
  const lon = -46.58 + ((device * 11 + n) % 200) / 20_000;
  const speedMs = 8 + (n % 10);
  if (device % 2 === 0) {
    const query = new URLSearchParams({
      id: identifier,
      lat: lat.toFixed(6),
      lon: lon.toFixed(6),
      timestamp: String(Math.floor(at.getTime() / 1000)),
      speed: (speedMs * 1.943_844).toFixed(1),
      bearing: String((n * 7) % 360),
      altitude: '760',
      accuracy: '8',
      batt: String(90 - (n % 50)),
    });
    return { method: 'GET', path: `${path}?${query.toString()}`, headers: {} };
  }
  const body = {
    location: {
      timestamp: at.toISOString(),
      coords: { latitude: lat, longitude: lon, accuracy: 8, speed: speedMs, heading: (n * 7) % 360, altitude: 760 },
      is_moving: true,
      odometer: 1000 + n * 150,
      activity: { type: 'in_vehicle' },
      battery: { level: 0.9 - (n % 50) / 100, is_charging: false },
    },
    device_id: identifier,
  };
  return { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** Sends one fix as the phone does; the intake's status (200, 429…). */
export async function sendFix(baseUrl: string, fix: OsmandRequest): Promise<number> {
  const response = await fetch(`${baseUrl}${fix.path}`, { method: fix.method, headers: fix.headers, ...(fix.body ? { body: fix.body } : {}) });
  await response.arrayBuffer();
  return response.status;
}
