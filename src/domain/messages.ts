/**
 * Every validation message (docs/rules/validation.md), pt-BR. Forms, schemas and the server all
 * take their texts from here so a message is written once. The franchise form's follow the
 * product's pattern '{campo} obrigatório'.
 */

// ── General ────────────────────────────────────────────────────────────────
export const INVALID_EMAIL = 'Formato de e-mail inválido';
export const NOT_EMPTY = 'Preenchimento obrigatório';
export const BOOLEAN_REQUIRED = 'Campo obrigatório';
export const SELECT_REQUIRED = 'Selecione ao menos uma opção';
export const INVALID_CNPJ = 'CNPJ inválido';
export const INVALID_CPF = 'CPF inválido';
export const INVALID_PHONE = 'Celular inválido';
export const INVALID_CEP = 'CEP inválido';
export const INVALID_PLATE = 'Placa inválida. Ex: ABC-1234 ou ABC1D23';
export const TIME_FORMAT = 'Formato inválido. Use hh:mm';
export const TIME_HOURS_RANGE = 'Horas devem estar entre 0 e 99';
export const TIME_MINUTES_RANGE = 'Minutos devem estar entre 0 e 59';
export const minValue = (n: number): string => `Valor mínimo: ${n}`;
export const maxValue = (n: number): string => `Valor máximo: ${n}`;

// Invalid values of any field.
export const INVALID_NUMBER = 'Valor inválido';
export const INVALID_OPTION = 'Opção inválida';
export const INVALID_DATE = 'Data inválida';
/** A number too large for the database's integer columns (SQLSTATE 22003 numeric_value_out_of_range). */
export const NUMBER_OUT_OF_RANGE = 'Valor numérico fora do limite permitido';
export const DATE_RANGE_ORDER = 'A data inicial não pode ser posterior à data final';
/** A value of the wrong JSON type (a list or an object for a text, 'true' for a boolean, '12' for a number). */
export const INVALID_TYPE = 'Tipo de valor inválido';
/** NUL and the other control characters (validators/text.ts) in a text. */
export const CONTROL_CHARACTERS_NOT_ALLOWED = 'Caracteres de controle não são permitidos';
/** A text longer than its kind allows (validators/text.ts MAX_LENGTH). */
export const maxLength = (n: number): string => `Máximo de ${n} caracteres`;
/** A second record of a catalogue with the same name (case and spaces ignored) in the same tenant. */
export const DUPLICATE_NAME = 'Já existe um registro com este nome';

// ── Admin forms (required messages) ───────────────────────────────────────
export const CAUSE_NAME_REQUIRED = 'Preencha o motivo do acionamento';
export const CARRIER_NAME_REQUIRED = 'Preencha o nome do transportador';
export const PLACE_NAME_REQUIRED = 'Preencha o nome do local';
export const LEADERSHIP_NAME_REQUIRED = 'Preencha o nome da liderança';
export const REQUESTER_NAME_REQUIRED = 'Preencha o nome do solicitante';
export const STATE_NAME_REQUIRED = 'Preencha o nome do estado';
export const CITY_NAME_REQUIRED = 'Preencha o nome da cidade';
export const CITY_STATE_REQUIRED = 'Preencha o estado da cidade';
// 'embarcardor' is the product's spelling; kept verbatim.
export const SHIPPER_NAME_REQUIRED = 'Preencha o nome do embarcardor';
export const SHIPPER_LEGAL_NAME_REQUIRED = 'Preencha a razão social do embarcardor';
export const SHIPPER_CNPJ_REQUIRED = 'Preencha o CNPJ do embarcardor';
export const PROVIDER_NAME_REQUIRED = 'Preencha o nome do prestador';
export const PROVIDER_LEGAL_NAME_REQUIRED = 'Preencha a razão social do prestador';
export const PROVIDER_CNPJ_REQUIRED = 'Preencha o CNPJ do prestador';
export const PROVIDER_MAIN_CONTACT_REQUIRED = 'Preencha o contato principal do prestador';
export const PROVIDER_EMAIL_REQUIRED = 'Preencha o e-mail do prestador';
export const LOGIN_PASSWORD_REQUIRED = 'Preencha a senha para o login';
export const FRANCHISE_TYPE_REQUIRED = 'Preencha o tipo da franquia';
export const SERVICE_NAME_REQUIRED = 'Preencha o nome do serviço';
export const SERVICE_TYPE_REQUIRED = 'Preencha a modalidade';
export const USER_NAME_REQUIRED = 'Preencha o nome do usuário';
export const USER_EMAIL_REQUIRED = 'Preencha o e-mail do usuário';
export const USER_PERFIL_REQUIRED = 'Preencha o perfil do usuário';
export const USER_RISK_MANAGER_REQUIRED = 'Preencha a gerenciadora de risco';
export const RISK_MANAGER_REQUIRED = 'Preencha a gestora de risco';

// ── Login and password reset ───────────────────────────────────────────────
export const LOGIN_EMAIL_REQUIRED = 'Preencha o e-mail';
export const LOGIN_PASSWORD_REQUIRED_SHORT = 'Preencha a senha';
export const RESET_CODE_INVALID = 'Código inválido';
export const NEW_PASSWORD_REQUIRED = 'Preencha a nova senha';
export const CONFIRM_PASSWORD_REQUIRED = 'Confirme a nova senha';
/** The "non-equal passwords" error; text from the error catalogue (docs/rules/messages.md). */
export const NON_EQUAL_PASSWORDS = 'As senhas preenchidas devem ser iguais';
/** Ours: every password a person chooses (users, provider logins, reset) has at least 8 characters. */
export const PASSWORD_TOO_SHORT = 'A senha deve ter ao menos 8 caracteres';
/**
 * Ours: any 429 (login, forgot-password, other rate limits) as a person reads it. The server's own
 * string is AUTH_ERRORS.tooManyAttempts (apiErrors.ts).
 */
export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

// ── Franchise form ─────────────────────────────────────────────────────────
// Ours, after the product's '{embarcador|prestadora de serviços} obrigatório' pattern.
export const PLAN_SHIPPER_REQUIRED = 'Embarcador obrigatório';
export const PLAN_PROVIDER_REQUIRED = 'Prestadora de serviços obrigatório';
export const PLAN_NAME_REQUIRED = 'Nome da franquia obrigatório';
export const PLAN_PRICE_REQUIRED = 'Valor do atendimento obrigatório';
/** Ours: a plan that charges nothing for the service is a mistake, not a price. */
export const PLAN_PRICE_POSITIVE = 'O valor do atendimento deve ser maior que zero';
export const PLAN_TOLL_TO_CHARGE_REQUIRED = 'Cobrança de pedágio obrigatória';
export const PLAN_TOLL_PRICE_REQUIRED = 'Valor do pedágio obrigatório';
export const PLAN_TIME_REQUIRED = 'Tempo de operação obrigatório';
export const PLAN_DISTANCE_REQUIRED = 'Distância obrigatória';
export const PLAN_INTERVAL_TYPE_REQUIRED = 'Tipo de intervalo de km obrigatório';
export const PLAN_HOUR_INTERVAL_TYPE_REQUIRED = 'Tipo de intervalo de hora obrigatório';
export const PLAN_HOUR_PRICE_REQUIRED = 'Valor da hora excedente obrigatório';
export const PLAN_DISTANCE_PRICE_REQUIRED = 'Valor do km excedente obrigatório';
export const PLAN_CHARGE_TYPE_REQUIRED = 'Tipo de cálculo de hora obrigatório';

// ── New mission ────────────────────────────────────────────────────────────
export const MISSION_SHIPPER_REQUIRED = 'Selecione o cliente';
export const MISSION_SERVICE_REQUIRED = 'Selecione o serviço';
export const MISSION_REQUESTER_REQUIRED = 'Selecione o solicitante';
/** The optional references of a new mission, when the mission parameters require them (docs/rules/missions.md#nova-missão). */
export const MISSION_CAUSE_REQUIRED = 'Selecione o motivo do acionamento';
export const MISSION_CARRIER_REQUIRED = 'Selecione o transportador';
export const MISSION_PLACE_REQUIRED = 'Selecione o local';
export const MISSION_LEADERSHIP_REQUIRED = 'Selecione a liderança';
export const LATITUDE_REQUIRED = 'Preencha a latitude';
export const LONGITUDE_REQUIRED = 'Preencha a longitude';
export const ADDRESS_REQUIRED = 'Preencha o endereço';
export const COMPLEMENT_REQUIRED = 'Preencha o complemento';
export const ZIP_REQUIRED = 'Preencha o número do CEP';
export const NEIGHBORHOOD_REQUIRED = 'Preencha o bairro';
export const CITY_REQUIRED = 'Preencha a cidade';
export const STATE_REQUIRED = 'Preencha o estado';

// ── Proposal form ──────────────────────────────────────────────────────────
export const ETA_TIME_REQUIRED = 'Preencha o prazo de chegada na missão';
export const ETA_DISTANCE_REQUIRED = 'Preencha a previsão em KM';
export const NUMBER_REQUIRED = 'Preencha o número';

// ── Vehicle ────────────────────────────────────────────────────────────────
export const VEHICLE_DRIVER_REQUIRED = 'Preencha o motorista';
export const VEHICLE_TYPE_REQUIRED = 'Preencha a "espécie" do veículo';
export const VEHICLE_PLATE_REQUIRED = 'Preencha a placa do veículo';

// ── Occurrence ─────────────────────────────────────────────────────────────
export const OCCURRENCE_DATE_REQUIRED = 'Preencha a data da ocorrência';
export const OCCURRENCE_TYPE_REQUIRED = 'Preencha o tipo da ocorrência';
export const OCCURRENCE_DESCRIPTION_REQUIRED = 'Preencha a descrição da ocorrência';

// ── Security agent ─────────────────────────────────────────────────────────
export const AGENT_NAME_REQUIRED = 'Preencha o nome do prestador';

// ── Attachment ─────────────────────────────────────────────────────────────
export const ATTACHMENT_DESCRIPTION_REQUIRED = 'Preencha a descrição do arquivo';
/** A photo's capture time ahead of the server's clock (beyond the tolerance of validators/clock.ts). */
export const PHOTO_TIME_IN_FUTURE = 'O horário da foto não pode estar no futuro';
/** Only one of a photo's coordinates came: a position is both or none. */
export const PHOTO_POSITION_INCOMPLETE = 'Informe a latitude e a longitude da foto juntas';

// ── Billing ────────────────────────────────────────────────────────────────
export const BILLING_TOLL_REQUIRED = 'Preencha o valor do pedágio';
export const BILLING_EXPENSES_REQUIRED = 'Preencha o valor de despesas';
export const BILLING_ADDITIONS_REQUIRED = 'Preencha o valor de acréscimos';
export const BILLING_DISCOUNTS_REQUIRED = 'Preencha o valor de descontos';
export const BILLING_PRICE_REFERENCE_DISABLED = 'Selecione a referência de preços';
export const BILLING_FRANCHISE_REQUIRED = 'Preencha a referência da tabela de preço';

// ── Contact form ───────────────────────────────────────────────────────────
export const CONTACT_NAME_REQUIRED = 'Preencha o nome';
export const CONTACT_EMAIL_REQUIRED = 'Preencha o e-mail';
export const CONTACT_MESSAGE_REQUIRED = 'Preencha a mensagem';

// ── Chat message ───────────────────────────────────────────────────────────
export const CHAT_EMPTY = 'Escreva a mensagem ou anexe um arquivo...';
export const CHAT_FILE_TYPE = 'Apenas PDFs ou imagens são permitidos para upload';
export const CHAT_FILE_SIZE = 'Tamanho máximo permitido de 10MB';
export const CHAT_PICKER_PREFIX = 'Erro ao anexar arquivo: ';

// ── Fiscal documents of the cargo (docs/rules/fiscal-documents.md) ────────
/** 'Chave de NF-e inválida: o modelo (posições 21–22) deve ser 55'; `position` (1-based) when the list has several. */
export const fiscalKeyInvalid = (label: string, reason: string, position?: number): string =>
  `Chave de ${label} inválida${position === undefined ? '' : ` (${position}ª)`}: ${reason}`;
export const fiscalKeyRepeated = (label: string): string => `Chave de ${label} repetida`;
export const fiscalKeysTooMany = (label: string, max: number): string => `Informe no máximo ${max} chaves de ${label}`;
