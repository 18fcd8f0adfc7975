import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../shared/schemaTypes';
import { dashboardQuerySchema } from '../../src/domain/reports/dashboard';
import { SCORECARD_RESPONSES } from '../../src/domain/reports/scorecardSchemas';
import { canSeeScorecards, SCORECARD_PATHS, seesRanking } from '../../src/domain/reports/scorecards';
import { isId } from '../../src/domain/ids';
import { forbidden, notFound } from '../errors/httpErrors';
import { viewerOf } from '../missions/viewer';
import { providerScorecard, scorecardRanking } from './scorecardData';
import { rankingSheet, scorecardSheet, sendScorecardExcel } from './formats/xlsx/scorecardExcel';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { validBody } from '../shared/validation';

/** Ours: a scorecard of a provider the caller may not see, or of none. */
export const SCORECARD_NOT_FOUND = 'Prestadora não encontrada.';

const QUERY = { type: 'object' } as const;
const ID_PARAMS = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

/**
 * GET /api/reports/scorecards… (src/domain/reports/scorecards.ts): the ranking for risk managers'
 * and platform admins' admin users, one provider's months for them and for that provider's own
 * admin users. A provider asking for another's scorecard gets 404, as for one that does not exist;
 * for the ranking, 403. Period rules are the dashboard's (at most a year).
 */
export default async function scorecardRoutes(app: TypedApp, { db }: FeatureDeps) {
  const period = async (request: FastifyRequest) => {
    const user = currentUser(request);
    if (!canSeeScorecards(user.role)) throw forbidden();
    const query = await validBody(dashboardQuerySchema, request.query);
    return { user, viewer: viewerOf(user), start: new Date(query.start), end: new Date(query.end) };
  };
  const ranking = async (request: FastifyRequest) => {
    const { user, viewer, start, end } = await period(request);
    if (!seesRanking(user.role)) throw forbidden();
    return scorecardRanking(db, viewer, start, end);
  };
  const one = async (request: FastifyRequest, id: string) => {
    const { viewer, start, end } = await period(request);
    const card = isId(id) ? await providerScorecard(db, viewer, id, start, end) : null;
    if (!card) throw notFound(SCORECARD_NOT_FOUND);
    return card;
  };

  app.get(`/${SCORECARD_PATHS.ranking}`, { schema: { querystring: QUERY, response: SCORECARD_RESPONSES.ranking } }, ranking);
  app.get(`/${SCORECARD_PATHS.rankingExcel}`, { schema: { querystring: QUERY, response: SCORECARD_RESPONSES.excel } }, async (request, reply) => {
    const answer = await ranking(request);
    await sendScorecardExcel(reply, answer, rankingSheet(answer));
    return reply;
  });
  app.get(`/${SCORECARD_PATHS.one}`, { schema: { params: ID_PARAMS, querystring: QUERY, response: SCORECARD_RESPONSES.one } }, (request) =>
    one(request, request.params.id),
  );
  app.get(
    `/${SCORECARD_PATHS.oneExcel}`,
    { schema: { params: ID_PARAMS, querystring: QUERY, response: SCORECARD_RESPONSES.excel } },
    async (request, reply) => {
      const card = await one(request, request.params.id);
      await sendScorecardExcel(reply, card, scorecardSheet(card));
      return reply;
    },
  );
}
