import type { TypedApp } from '../shared/schemaTypes';
import { POSITION_CONTRACTS } from '../../src/domain/positions/contracts';
import type { FeatureDeps } from '../shared/deps';
import { auditSource } from '../audit/record';
import { answered, noContent } from '../shared/answered';
import { serves } from '../shared/serves';
import { currentUser } from '../shared/session';
import { createTrackerDevice, listTrackerDevices, revokeTrackerDevice } from './devices';
import { positionIntake } from './intake';
import { routeOf } from './osrm';
import { readRequest } from './reading';
import { missionTeams } from './teams';

/**
 * The positions service (docs/rules/positions.md, base /api/positions): the provider's tracking
 * devices behind the token, and the OsmAnd intake, public — the device's identifier is its
 * credential. The intake answers 200 with an empty body, as Traccar does.
 */
export function trackerDeviceHandlers({ db, config, now }: FeatureDeps) {
  return {
    list: serves(POSITION_CONTRACTS.devices, (request) => listTrackerDevices(db, currentUser(request), config.publicUrl)),
    create: serves(POSITION_CONTRACTS.createDevice, async (request, reply) => {
      const device = await createTrackerDevice(db, currentUser(request), request.body, config.publicUrl, auditSource(request));
      reply.status(201);
      return device;
    }),
    revoke: serves(POSITION_CONTRACTS.revokeDevice, async (request, reply) => {
      await revokeTrackerDevice(db, currentUser(request), request.params.id, now(), auditSource(request));
      return noContent(reply);
    }),
  };
}

/** A started mission's teams on its map, with the live estimate (docs/rules/positions.md). */
export function missionTeamsHandlers({ db, now }: FeatureDeps) {
  return {
    read: serves(POSITION_CONTRACTS.missionTeams, (request) => missionTeams(db, currentUser(request), request.params.id, now())),
  };
}

/** The intake; each fix it stores also renews the live estimate, asking OSRM_URL's router when set. */
export function osmandHandlers({ db, config, gauges, now }: FeatureDeps, app: TypedApp) {
  const receive = positionIntake({ db, gauges, retentionDays: config.positionRetentionDays, route: routeOf(config, app.log) });
  return {
    get: serves(POSITION_CONTRACTS.osmandGet, async (request, reply) => {
      const at = now();
      await receive(readRequest(request.query, undefined, at), at, request.ip);
      return answered<string>(reply.status(200).send(''));
    }),
    post: serves(POSITION_CONTRACTS.osmandPost, async (request, reply) => {
      const at = now();
      await receive(readRequest(request.query, request.body, at), at, request.ip);
      return answered<string>(reply.status(200).send(''));
    }),
  };
}

/**
 * The intake's scope: OsmAnd devices post their parameters as a form (application/x-www-form-urlencoded),
 * read as Traccar reads them (the first value of a repeated name), or in the query with no body at
 * all — read as an empty form, so the body's schema still applies to every other request.
 */
export function osmandFormScope(scope: TypedApp): void {
  scope.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body: string, done) => {
    // No prototype: a field named __proto__ is a field like any other.
    const form = Object.create(null) as Record<string, string>;
    for (const [name, value] of new URLSearchParams(body)) if (!(name in form)) form[name] = value;
    done(null, form);
  });
}
