import type { FastifyRequest } from 'fastify';
import { dashboardQuerySchema } from '../../src/domain/reports/dashboard';
import { SCORECARD_CONTRACTS } from '../../src/domain/reports/contracts';
import { canSeeScorecards, seesRanking } from '../../src/domain/reports/scorecards';
import { isId } from '../../src/domain/ids';
import { forbidden, notFound } from '../errors/httpErrors';
import { viewerOf } from '../missions/viewer';
import { providerScorecard, scorecardRanking } from './scorecardData';
import { rankingSheet, scorecardSheet, sendScorecardExcel } from './formats/xlsx/scorecardExcel';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { serves } from '../shared/serves';
import { validBody } from '../shared/validation';

/** Ours: a scorecard of a provider the caller may not see, or of none. */
export const SCORECARD_NOT_FOUND = 'Prestadora não encontrada.';

/**
 * GET /api/reports/scorecards… (src/domain/reports/scorecards.ts), from their contracts
 * (src/domain/reports/contracts.ts): the ranking for risk managers' and platform admins' admin
 * users, one provider's months for them and for that provider's own admin users. A provider asking
 * for another's scorecard gets 404, as for one that does not exist; for the ranking, 403. Period
 * rules are the dashboard's (at most a year).
 */
export function scorecardHandlers({ db }: FeatureDeps) {
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

  return {
    ranking: serves(SCORECARD_CONTRACTS.ranking, ranking),

    rankingExcel: serves(SCORECARD_CONTRACTS.rankingExcel, async (request, reply) => {
      const answer = await ranking(request);
      return sendScorecardExcel(reply, answer, rankingSheet(answer));
    }),

    one: serves(SCORECARD_CONTRACTS.one, (request) => one(request, request.params.id)),

    oneExcel: serves(SCORECARD_CONTRACTS.oneExcel, async (request, reply) => {
      const card = await one(request, request.params.id);
      return sendScorecardExcel(reply, card, scorecardSheet(card));
    }),
  };
}
