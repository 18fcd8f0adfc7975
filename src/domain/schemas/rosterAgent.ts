import type { InferType } from 'yup';
import { saoPauloDay } from '../agents/licence';
import { INVALID_CPF, INVALID_DATE } from '../messages';
import { contextNow } from '../validators/clock';
import { isValidCpf, normalizeCpf } from '../validators/cpf';
import { DATE_OUT_OF_RANGE, FIRST_DATE_YEAR, LAST_DATE_YEAR } from '../validators/dates';
import { activeField, blankToNull, group, requiredText, strictString } from './fields';

/**
 * A provider's security agent (docs/rules/agents.md): name, CPF, CNV number and validity, last
 * refresher training ('reciclagem'). Days travel as 'aaaa-mm-dd' (the date input's value); "today"
 * is the server's clock on the server and the browser's estimate of it in the form (ClockContext).
 */

export const ROSTER_MESSAGES = {
  nameRequired: 'Preencha o nome do agente',
  cpfRequired: 'Preencha o CPF do agente',
  cnvNumberRequired: 'Preencha o número da CNV',
  cnvNumberInvalid: 'Número da CNV inválido: use até 30 letras, números, pontos, barras ou hífens',
  cnvValidUntilRequired: 'Preencha a validade da CNV',
  cnvValidUntilPast: 'A validade da CNV já passou: um agente com a CNV vencida não pode ser cadastrado',
  refresherFuture: 'A data da reciclagem não pode estar no futuro',
  duplicateCpf: 'Já existe um agente com este CPF nesta prestadora',
  providersOnly: 'Só os usuários de uma prestadora mantêm o seu cadastro de agentes',
  adminOnly: 'Só o perfil Administrador da prestadora altera o cadastro de agentes',
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day within the product's years ('aaaa-mm-dd'), or undefined when it is fine. */
export function dayProblem(value: string): string | undefined {
  const match = DAY.exec(value);
  if (!match) return INVALID_DATE;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return INVALID_DATE;
  return year < FIRST_DATE_YEAR || year > LAST_DATE_YEAR ? DATE_OUT_OF_RANGE : undefined;
}

/** A calendar day: blank → null (then `required` asks for it), otherwise checked by dayProblem. */
const dayField = () =>
  strictString()
    .nullable()
    .transform((v: unknown) => blankToNull(typeof v === 'string' ? v.trim() : v))
    .test({
      name: 'invalid_date',
      test(value) {
        const problem = typeof value === 'string' ? dayProblem(value) : undefined;
        return problem ? this.createError({ message: problem }) : true;
      },
    });

export const rosterAgentSchema = group({
  name: requiredText(ROSTER_MESSAGES.nameRequired),
  cpf: strictString()
    .transform((v: unknown) => (typeof v === 'string' ? normalizeCpf(v) : v))
    .required(ROSTER_MESSAGES.cpfRequired)
    .test({ name: 'invalid_cpf', message: INVALID_CPF, test: (v) => !v || isValidCpf(v) }),
  cnvNumber: strictString()
    .transform((v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v))
    .required(ROSTER_MESSAGES.cnvNumberRequired)
    .matches(/^[0-9A-Z./-]{1,30}$/, ROSTER_MESSAGES.cnvNumberInvalid),
  cnvValidUntil: dayField()
    .required(ROSTER_MESSAGES.cnvValidUntilRequired)
    .test({
      name: 'too_small',
      message: ROSTER_MESSAGES.cnvValidUntilPast,
      test(value) {
        return typeof value !== 'string' || dayProblem(value) !== undefined || value >= saoPauloDay(contextNow(this.options.context));
      },
    }),
  refresherOn: dayField()
    .default(null)
    .test({
      name: 'too_big',
      message: ROSTER_MESSAGES.refresherFuture,
      test(value) {
        return typeof value !== 'string' || dayProblem(value) !== undefined || value <= saoPauloDay(contextNow(this.options.context));
      },
    }),
  active: activeField(),
});
export type RosterAgentValues = InferType<typeof rosterAgentSchema>;

export const rosterAgentInitialValues: RosterAgentValues = {
  name: '',
  cpf: '',
  cnvNumber: '',
  cnvValidUntil: '',
  refresherOn: null,
  active: true,
};

/** The provider's Polícia Federal authorisation: number and validity, both or neither (docs/rules/agents.md). */
export const PF_MESSAGES = {
  numberInvalid: 'Número da autorização inválido: use até 40 letras, números, pontos, barras ou hífens',
  numberRequired: 'Preencha o número da autorização da Polícia Federal, ou apague a validade',
  validUntilRequired: 'Preencha a validade da autorização da Polícia Federal, ou apague o número',
} as const;

export const pfAuthorizationNumberField = () =>
  strictString()
    .nullable()
    .transform((v: unknown) => blankToNull(typeof v === 'string' ? v.trim().toUpperCase() : v))
    .default(null)
    .matches(/^[0-9A-Z./-]{1,40}$/, { message: PF_MESSAGES.numberInvalid, excludeEmptyString: true });

export const pfAuthorizationValidUntilField = () => dayField().default(null);
