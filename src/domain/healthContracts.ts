/**
 * The process's own calls (docs/operations/metrics.md), at the `/api` base: liveness answers while
 * the process runs; readiness answers 503, with the reason, while the database does not answer or
 * lacks a migration of this build, so a balancer sends it no traffic.
 */
import { API_ANSWERS } from './apiAnswers';
import { defineContract } from './contract';

export const HEALTH_CONTRACTS = {
  health: defineContract({
    method: 'GET',
    base: 'health',
    path: 'health',
    summary: 'O processo está no ar (liveness)',
    responses: API_ANSWERS.health,
  }),
  ready: defineContract({
    method: 'GET',
    base: 'health',
    path: 'ready',
    summary: 'Pronto para atender: banco respondendo e migrações aplicadas (readiness)',
    responses: API_ANSWERS.ready,
  }),
};
