/**
 * The details and chat texts (docs/rules/messages.md). Every
 * write has a loading, a success and a failure toast, all in the pattern of 'Não foi possível
 * adicionar o veículo'; deleting with nothing chosen says 'Não há veículo/ocorrência/prestador/anexo
 * para deletar'.
 */
import type { SubCollection } from './collections';

export const DETAILS_LOAD_FAILED = 'Tivemos um erro ao tentar carregar os detalhes da missão, tente novamente...';
export const DETAILS_RETRY = 'Tentar novamente';

interface Noun {
  /** 'o veículo' */
  the: string;
  /** 'Veículo' */
  title: string;
  /** 'o' or 'a': the past participle's ending. */
  ending: 'o' | 'a';
  /** The noun of 'Não há {x} para deletar'. */
  none: string;
}

const NOUNS: Record<SubCollection, Noun> = {
  vehicles: { the: 'o veículo', title: 'Veículo', ending: 'o', none: 'veículo' },
  ocurrencies: { the: 'a ocorrência', title: 'Ocorrência', ending: 'a', none: 'ocorrência' },
  securityagents: { the: 'o prestador', title: 'Prestador', ending: 'o', none: 'prestador' },
  attachments: { the: 'o arquivo', title: 'Arquivo', ending: 'o', none: 'anexo' },
};

export type DetailsOperation = 'add' | 'update' | 'delete';
const VERBS: Record<DetailsOperation, { infinitive: string; gerund: string; participle: string }> = {
  add: { infinitive: 'adicionar', gerund: 'Adicionando', participle: 'adicionad' },
  update: { infinitive: 'atualizar', gerund: 'Atualizando', participle: 'atualizad' },
  delete: { infinitive: 'deletar', gerund: 'Deletando', participle: 'deletad' },
};

/** Loading, success and failure toasts of one operation on one sub-collection. */
export function detailsToasts(collection: SubCollection, operation: DetailsOperation) {
  const noun = NOUNS[collection];
  const verb = VERBS[operation];
  const bare = noun.the.slice(2);
  return {
    loading: `${verb.gerund} ${bare}...`,
    success: `${noun.title} ${verb.participle}${noun.ending} com sucesso`,
    failure: `Não foi possível ${verb.infinitive} ${noun.the}`,
  };
}

/** 'Não há veículo para deletar' and the like (docs/rules/messages.md). */
export const nothingToDelete = (collection: SubCollection): string => `Não há ${NOUNS[collection].none} para deletar`;

/** The delete confirmation (ours, after the catalogues' 'Deletar | {entity}'): the item named, since a deletion is not undone. */
export const detailNoun = (collection: SubCollection): string => NOUNS[collection].title;
export const deleteItemQuestion = (collection: SubCollection, name: string): string => `Tem certeza que deseja deletar ${NOUNS[collection].the} ${name}?`;

/** The tabs (docs/rules/missions.md). */
export const DETAILS_TABS: Record<SubCollection, string> = {
  vehicles: 'Veículos',
  ocurrencies: 'Ocorrências',
  securityagents: 'Prestadores',
  attachments: 'Anexos',
};

/** Server refusals (ours). */
/** Sent with code invalidCrudOption (docs/rules/messages.md CRUD codes) on path crudOption. */
export const INVALID_CRUD_OPTION = 'Opção de detalhe da missão inválida';
export const DETAILS_ITEM_NOT_FOUND = 'Item não encontrado';
export const MISSION_NOT_EDITABLE = 'A missão só pode ser alterada enquanto estiver iniciada';
export const ATTACHMENT_FILE_REQUIRED = 'Anexe um arquivo';
export const ATTACHMENT_FILE_TYPE = 'Apenas PDFs ou imagens são permitidos para upload';
export const FILE_TOO_LARGE = 'Tamanho máximo permitido de 10MB';
export const ONE_FILE_ONLY = 'Envie apenas um arquivo por vez';

// ── Chat (docs/rules/missions.md, docs/rules/messages.md) ────────────────────────────────────────────────────
export const chatTitle = (providerName: string | null, isRiskManagerView: boolean): string =>
  isRiskManagerView ? `Chat com ${providerName ?? ''}`.trim() : 'Chat com a gerenciadora de risco';
export const CHAT_DELETE_TITLE = 'Excluir mensagem';
export const CHAT_DELETE_CANCEL = 'Não, cancelar';
export const CHAT_DELETE_CONFIRM = 'Sim, tenho certeza';
export const FILE_LOADING = 'Carregando arquivo...';
export const FILE_VIEWING = 'Visualizando arquivo';
export const FILE_VIEW_FAILED = 'Ocorreu um erro ao tentar visualizar o arquivo';
export const MESSAGE_DELETING = 'Deletando mensagem...';
export const MESSAGE_DELETED = 'Mensagem deletada com sucesso';
export const MESSAGE_DELETE_FAILED = 'Ocorreu um erro ao tentar deletar a mensagem';
/** Ours: sending has no quoted toast. */
export const MESSAGE_SEND_FAILED = 'Não foi possível enviar a mensagem';
/** Composer form errors clear after this delay (docs/rules/missions.md). */
export const CHAT_ERROR_CLEAR_MS = 3000;
/** The size error toast stays 15 s, bottom-right (docs/rules/messages.md). */
export const CHAT_SIZE_TOAST_MS = 15_000;
/** Chat polling interval. */
export const CHAT_POLL_MS = 5000;
/**
 * The chat shows its latest CHAT_WINDOW messages and older ones a window at a time (ours): a long
 * chat (thousands of messages) renders as fast as a short one.
 */
export const CHAT_WINDOW = 50;
export const CHAT_LOAD_OLDER = 'Carregar mensagens anteriores';
/** Under the composer (ours): the keys every chat uses. */
export const CHAT_COMPOSER_HINT = 'Enter envia · Shift+Enter quebra a linha';
