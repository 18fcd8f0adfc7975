/**
 * The mission parameters' calls as contracts (src/domain/catalogueContracts.ts), from their registry
 * entry (catalogues.ts: configs): one record per risk manager, created by the server with the
 * tenant, so only listed, read and updated (server/catalogues/missionConfigs.ts).
 */
import { CATALOGUES } from './catalogues';
import { oneContract, updateContract, wholeListContract } from './catalogueContracts';
import { recordAnswer } from './recordAnswers';
import { missionConfigSchema } from './schemas';

export const MISSION_CONFIG_ANSWER = recordAnswer(missionConfigSchema, { owned: true, description: 'Parâmetros da missão de um cliente.' });

const { endpoint, label } = CATALOGUES.configs;
const parts = { base: endpoint.base, label, answer: MISSION_CONFIG_ANSWER, schema: missionConfigSchema };

export const MISSION_CONFIG_CONTRACTS = {
  list: wholeListContract(endpoint.list, parts),
  one: oneContract(endpoint.one, parts),
  update: updateContract(endpoint.update, parts),
};
