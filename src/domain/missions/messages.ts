/** The missions screens' texts (docs/rules/messages.md: Mission, Proposals, Finishing, Address). */

export const MISSION_STATUS_NOT_UPDATED = 'Status da missão não atualizado';
export const MISSION_STATUS_UPDATED = 'Status da missão atualizado';
/** Ours: accepting a proposal awards the mission for good, so it is confirmed naming the offer. */
export const acceptProposalQuestion = (provider: string): string => `Aceitar a proposta de ${provider}?`;
export const acceptProposalOffer = (eta: string, distance: string): string => `Tempo de chegada: ${eta} · Distância: ${distance}`;
export const ACCEPT_PROPOSAL_WARNING = 'A missão será iniciada com este prestador e as demais propostas serão recusadas.';
export const MISSION_CREATED = 'Nova missão criada';
/** Why Serviço offers only 'Nenhum' for a shipper without a franchise plan. */
export const NO_FRANCHISE_PLAN_HINT =
  'Este embarcador não tem plano de franquia: cadastre um em Administração › Configurações Avançadas › Embarcador › Franquias.';
export const MISSION_NOT_FOUND = 'Missão não encontrada';

export const PROPOSAL_LAUNCHED = 'Proposta lançada';
export const PROPOSAL_REMOVING = 'Removendo proposta...';
export const PROPOSAL_REMOVED = 'Proposta removida com sucesso';
export const PROPOSAL_REMOVE_FAILED = 'Ocorreu um erro ao tentar remover a proposta à missão';
export const PROPOSAL_NOTICE_LAUNCHING = 'Lançando aviso de busca para proposta...';
export const PROPOSAL_NOTICE_SENT = 'Aviso de proposta enviado';
export const PROPOSAL_NOTICE_FAILED = 'Ocorreu um erro ao tentar lançar o aviso para proposta à missão';
/** A proposal on a mission that is no longer open, or by someone who may not propose. */
export const PROPOSAL_NOT_ALLOWED = 'Não é possível enviar proposta para esta missão';

/** Why Reabrir is disabled on a billed mission (rowActions.ts). */
export const REOPEN_BILLED_REFUSED = 'Missão já faturada: reabrir alteraria um faturamento concluído';

/** Ours: readings are saved one at a time (docs/rules/field-app.md), and a mission ends only with every agent's four. */
export const finishNeedsReadings = (agent: string): string =>
  `Registre as quatro leituras de hodômetro de ${agent} (início, chegada no local, saída do local e fim) antes de finalizar a missão`;
export const FINISH_ASKED = 'Finalização da missão solicitada com sucesso!';
export const FINISH_REQUEST_CANCELED = 'Solicitação de finalização cancelada com sucesso';
export const FINISH_REQUEST_FAILED = 'Ocorreu um erro com a operação de finalização da missão';

/** The new-mission reference messages live with the other field messages (messages.ts). */
export {
  MISSION_CARRIER_REQUIRED,
  MISSION_CAUSE_REQUIRED,
  MISSION_LEADERSHIP_REQUIRED,
  MISSION_PLACE_REQUIRED,
} from '../messages';

/** The cargo's keys stay as they were billed (docs/rules/fiscal-documents.md). */
export const FISCAL_KEYS_LOCKED = 'As chaves fiscais não podem mais ser alteradas: a missão foi faturada ou cancelada';
