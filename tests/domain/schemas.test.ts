import { describe, expect, it } from 'vitest';
import * as schemas from '../../src/domain/schemas';
import { validateSync } from '../../src/domain/validate';

const ID = 'a'.repeat(24);
const ID2 = 'b'.repeat(24);

const issuesOf = (result: ReturnType<typeof validateSync>) => (result.ok ? [] : result.issues);

describe('lookup schemas', () => {
  const cases = [
    [schemas.causeSchema, 'Preencha o motivo do acionamento'],
    [schemas.carrierSchema, 'Preencha o nome do transportador'],
    [schemas.placeSchema, 'Preencha o nome do local'],
    [schemas.leadershipSchema, 'Preencha o nome da liderança'],
    [schemas.requesterSchema, 'Preencha o nome do solicitante'],
  ] as const;

  it.each(cases)('an empty name gives too_small with the entity message (%#)', (schema, message) => {
    expect(issuesOf(validateSync(schema, { name: '   ', active: true }))).toEqual([
      { code: 'too_small', path: 'name', message },
    ]);
  });

  it('keeps name/active/riskManager, trims, and drops anything else', () => {
    const result = validateSync(schemas.causeSchema, { name: ' Pane ', active: false, riskManager: ID, _id: ID2, owner: 'x' });
    expect(result).toEqual({ ok: true, value: { name: 'Pane', active: false, riskManager: ID } });
    expect(validateSync(schemas.causeSchema, schemas.lookupInitialValues).ok).toBe(false);
    expect(validateSync(schemas.causeSchema, { ...schemas.lookupInitialValues, name: 'x' })).toEqual({
      ok: true,
      value: { name: 'x', active: true, riskManager: null },
    });
  });

  it("requires 'active' as a boolean", () => {
    expect(issuesOf(validateSync(schemas.carrierSchema, { name: 'x' }))).toEqual([
      { code: 'too_small', path: 'active', message: 'Campo obrigatório' },
    ]);
  });

  it('checks riskManager is an id, and can be made required for admins', () => {
    expect(issuesOf(validateSync(schemas.placeSchema, { name: 'x', active: true, riskManager: 'nope' }))).toEqual([
      { code: 'invalid_id', path: 'riskManager', message: 'Preencha a gestora de risco' },
    ]);
    const adminSchema = schemas.withRequiredRiskManager(schemas.placeSchema);
    expect(issuesOf(validateSync(adminSchema, { name: 'x', active: true }))).toEqual([
      { code: 'too_small', path: 'riskManager', message: 'Preencha a gestora de risco' },
    ]);
    expect(validateSync(adminSchema, { name: 'x', active: true, riskManager: ID }).ok).toBe(true);
  });

  it('maps admin sub-paths to schemas', () => {
    expect(schemas.lookupSchemas.causes).toBe(schemas.causeSchema);
    expect(schemas.isLookupType('requesters')).toBe(true);
    expect(schemas.isLookupType('states')).toBe(false);
  });
});

describe('states and cities', () => {
  it('require their names and the city state', () => {
    expect(issuesOf(validateSync(schemas.stateSchema, { name: '', active: true }))).toEqual([
      { code: 'too_small', path: 'name', message: 'Preencha o nome do estado' },
    ]);
    expect(issuesOf(validateSync(schemas.citySchema, { name: '', state: '', active: true }))).toEqual([
      { code: 'too_small', path: 'name', message: 'Preencha o nome da cidade' },
      { code: 'too_small', path: 'state', message: 'Preencha o estado da cidade' },
    ]);
    expect(validateSync(schemas.citySchema, { name: 'Campinas', state: ID, stateName: 'SP', active: true })).toEqual({
      ok: true,
      value: { name: 'Campinas', state: ID, active: true },
    });
  });
});

describe('shipper and service provider', () => {
  const shipper = { name: 'Trans', legalName: 'Trans Ltda', cnpj: '11.222.333/0001-81', active: true };

  it("a bad CNPJ gives 'CNPJ inválido'", () => {
    expect(issuesOf(validateSync(schemas.shipperSchema, { ...shipper, cnpj: '11.222.333/0001-82' }))).toEqual([
      { code: 'invalid_cnpj', path: 'cnpj', message: 'CNPJ inválido' },
    ]);
  });

  it('stores the CNPJ unformatted and upper case, alphanumeric included', () => {
    const numeric = validateSync(schemas.shipperSchema, shipper);
    expect(numeric.ok && numeric.value.cnpj).toBe('11222333000181');
    const alnum = validateSync(schemas.shipperSchema, { ...shipper, cnpj: '12.abc.345/01de-35' });
    expect(alnum.ok && alnum.value.cnpj).toBe('12ABC34501DE35');
  });

  it('reports every missing shipper field with its message', () => {
    expect(issuesOf(validateSync(schemas.shipperSchema, schemas.shipperInitialValues))).toEqual([
      { code: 'too_small', path: 'name', message: 'Preencha o nome do embarcardor' },
      { code: 'too_small', path: 'legalName', message: 'Preencha a razão social do embarcardor' },
      { code: 'too_small', path: 'cnpj', message: 'Preencha o CNPJ do embarcardor' },
    ]);
  });

  const provider = { ...shipper, contacts: { phone1: '(11) 98888-7777', phone2: '', phone3: '(11) 3333-4444' } };

  it('requires the main contact; the other phones are optional and null when empty', () => {
    expect(validateSync(schemas.serviceProviderSchema, provider)).toEqual({
      ok: true,
      value: {
        name: 'Trans',
        legalName: 'Trans Ltda',
        cnpj: '11222333000181',
        active: true,
        contacts: { phone1: '11988887777', phone2: null, phone3: '1133334444' },
        riskManager: null,
        // No base typed: no base (docs/rules/catalogues.md).
        base: { zipcode: null, address: null, number: null, neighborhood: null, city: null, state: null, latitude: null, longitude: null },
        // No Polícia Federal authorisation typed: none (docs/rules/agents.md).
        pfAuthorization: { number: null, validUntil: null },
      },
    });
    expect(issuesOf(validateSync(schemas.serviceProviderSchema, { ...provider, contacts: { phone1: '' } }))).toEqual([
      { code: 'too_small', path: 'contacts.phone1', message: 'Preencha o contato principal do prestador' },
    ]);
    expect(
      issuesOf(validateSync(schemas.serviceProviderSchema, { ...provider, contacts: { phone1: '119', phone2: '12345' } })),
    ).toEqual([
      { code: 'invalid_phone', path: 'contacts.phone1', message: 'Celular inválido' },
      { code: 'invalid_phone', path: 'contacts.phone2', message: 'Celular inválido' },
    ]);
  });

  it('uses the provider messages', () => {
    expect(issuesOf(validateSync(schemas.serviceProviderSchema, schemas.serviceProviderInitialValues))).toEqual([
      { code: 'too_small', path: 'name', message: 'Preencha o nome do prestador' },
      { code: 'too_small', path: 'legalName', message: 'Preencha a razão social do prestador' },
      { code: 'too_small', path: 'cnpj', message: 'Preencha o CNPJ do prestador' },
      { code: 'too_small', path: 'contacts.phone1', message: 'Preencha o contato principal do prestador' },
    ]);
  });
});

describe('provider logins and users', () => {
  it('provider login create needs e-mail, name, password, perfil and provider; role.type is dropped', () => {
    expect(issuesOf(validateSync(schemas.providerLoginCreateSchema, { role: {} }))).toEqual([
      { code: 'too_small', path: 'email', message: 'Preencha o e-mail do prestador' },
      { code: 'too_small', path: 'name', message: 'Preencha o nome do usuário' },
      { code: 'too_small', path: 'password', message: 'Preencha a senha para o login' },
      { code: 'too_small', path: 'role.perfil', message: 'Preencha o perfil do usuário' },
      { code: 'too_small', path: 'serviceProvider', message: 'Selecione ao menos uma opção' },
    ]);
    const ok = validateSync(schemas.providerLoginCreateSchema, {
      ...schemas.providerLoginInitialValues,
      email: ' Op@Prov.com.BR ',
      name: 'Op',
      password: 'Demo@123',
      role: { perfil: 'admin', type: 'admin' },
      serviceProvider: ID,
      serviceProviderName: 'Prov',
    });
    expect(ok.ok && ok.value.email).toBe('op@prov.com.br');
    expect(ok.ok && ok.value.role).toEqual({ perfil: 'admin' });
  });

  it('provider login update takes the product’s payload {id, role} alone; a present active must be a boolean', () => {
    expect(validateSync(schemas.providerLoginUpdateSchema, { id: ID, role: { perfil: 'admin' } })).toEqual({
      ok: true,
      value: { id: ID, role: { perfil: 'admin' } },
    });
    expect(issuesOf(validateSync(schemas.providerLoginUpdateSchema, { id: ID, role: { perfil: 'admin' }, active: 'talvez' }))).toEqual([
      { code: 'invalid_type', path: 'active', message: 'Tipo de valor inválido' },
    ]);
  });

  it('provider login update accepts id, perfil and active only', () => {
    expect(
      validateSync(schemas.providerLoginUpdateSchema, { id: ID, role: { perfil: 'operational' }, active: false, email: 'x@y.z' }),
    ).toEqual({ ok: true, value: { id: ID, role: { perfil: 'operational' }, active: false } });
    expect(issuesOf(validateSync(schemas.providerLoginUpdateSchema, { role: { perfil: 'boss' }, active: true }))).toEqual([
      { code: 'invalid_enum_value', path: 'role.perfil', message: 'Opção inválida' },
    ]);
  });

  it('user create checks the e-mail format and uses the user messages', () => {
    expect(issuesOf(validateSync(schemas.userCreateSchema, schemas.userInitialValues))).toEqual([
      { code: 'too_small', path: 'name', message: 'Preencha o nome do usuário' },
      { code: 'too_small', path: 'email', message: 'Preencha o e-mail do usuário' },
      { code: 'too_small', path: 'password', message: 'Preencha a senha para o login' },
    ]);
    expect(
      issuesOf(validateSync(schemas.userCreateSchema, { ...schemas.userInitialValues, name: 'a', email: 'a@b', password: 'Segura@123' })),
    ).toEqual([{ code: 'invalid_email', path: 'email', message: 'Formato de e-mail inválido' }]);
    const strict = schemas.withRequiredRiskManager(schemas.userCreateSchema, 'Preencha a gerenciadora de risco');
    expect(
      issuesOf(validateSync(strict, { ...schemas.userInitialValues, name: 'a', email: 'a@b.co', password: 'Segura@123' })),
    ).toEqual([{ code: 'too_small', path: 'riskManager', message: 'Preencha a gerenciadora de risco' }]);
  });

  it('user update never carries the e-mail, the password or the role type', () => {
    expect(
      validateSync(schemas.userUpdateSchema, {
        name: 'Ana',
        email: 'new@x.com',
        password: 'x',
        role: { perfil: 'ti', type: 'admin' },
        active: true,
        riskManager: ID,
      }),
    ).toEqual({ ok: true, value: { name: 'Ana', role: { perfil: 'ti' }, active: true } });
  });
});

describe('services (franchise)', () => {
  it('requires name and modalidade, defaulting to service_provider', () => {
    expect(issuesOf(validateSync(schemas.franchiseSchema, { name: '', type: '', active: true }))).toEqual([
      { code: 'too_small', path: 'name', message: 'Preencha o nome do serviço' },
      { code: 'too_small', path: 'type', message: 'Preencha a modalidade' },
    ]);
    expect(schemas.franchiseInitialValues.type).toBe('service_provider');
    expect(validateSync(schemas.franchiseSchema, { ...schemas.franchiseInitialValues, name: 'Escolta' }).ok).toBe(true);
  });
});

describe('franchise plans', () => {
  const plan = {
    ...schemas.shipperFranchisePlanInitialValues,
    shipper: ID,
    franchise_plan: ID2,
    name: 'Plano 4h',
    price: 35000,
    limits: { distance: 150, intervalType: 'start_end', hourIntervalType: 'arrivalOnPlace_endOnPlace', time: '04:00' },
    overages: { chargeType: 'fraction_time', distancePrice: 250, hourPrice: 9000 },
  };

  it('toCharge false forces the toll price to 0 (and active to true)', () => {
    const result = validateSync(schemas.shipperFranchisePlanSchema, { ...plan, toll: { toCharge: false, price: 1234 }, active: false });
    expect(result.ok && result.value.toll).toEqual({ toCharge: false, price: 0 });
    expect(result.ok && result.value.active).toBe(true);
    const missing = validateSync(schemas.shipperFranchisePlanSchema, { ...plan, toll: { toCharge: false } });
    expect(missing.ok && missing.value.toll.price).toBe(0);
  });

  it('toCharge true requires the toll price in cents', () => {
    expect(issuesOf(validateSync(schemas.shipperFranchisePlanSchema, { ...plan, toll: { toCharge: true, price: '' } }))).toEqual([
      { code: 'too_small', path: 'toll.price', message: 'Valor do pedágio obrigatório' },
    ]);
    expect(issuesOf(validateSync(schemas.shipperFranchisePlanSchema, { ...plan, toll: { toCharge: true, price: 12.5 } }))).toEqual([
      { code: 'invalid_type', path: 'toll.price', message: 'Valor inválido' },
    ]);
    const ok = validateSync(schemas.shipperFranchisePlanSchema, { ...plan, toll: { toCharge: true, price: 1250 } });
    expect(ok.ok && ok.value.toll).toEqual({ toCharge: true, price: 1250 });
  });

  it('requires a positive price: an all-zero plan is refused', () => {
    expect(issuesOf(validateSync(schemas.shipperFranchisePlanSchema, { ...plan, price: 0, toll: { toCharge: false } }))).toEqual([
      { code: 'too_small', path: 'price', message: 'O valor do atendimento deve ser maior que zero' },
    ]);
    const ok = validateSync(schemas.shipperFranchisePlanSchema, { ...plan, price: 1, toll: { toCharge: false } });
    expect(ok.ok && ok.value.price).toBe(1);
  });

  it('an untouched form shows the required messages of price, distance and overage prices', () => {
    const untouched = { ...schemas.shipperFranchisePlanInitialValues, shipper: ID, franchise_plan: ID2, name: 'Plano', limits: { ...schemas.shipperFranchisePlanInitialValues.limits, time: '04:00' } };
    expect(issuesOf(validateSync(schemas.shipperFranchisePlanSchema, untouched))).toEqual([
      { code: 'too_small', path: 'price', message: 'Valor do atendimento obrigatório' },
      { code: 'too_small', path: 'limits.distance', message: 'Distância obrigatória' },
      { code: 'too_small', path: 'overages.distancePrice', message: 'Valor do km excedente obrigatório' },
      { code: 'too_small', path: 'overages.hourPrice', message: 'Valor da hora excedente obrigatório' },
    ]);
  });

  it('cleanFranchisePlan zeroes an uncharged toll and sets active, without touching the input', () => {
    const input = { ...plan, toll: { toCharge: false, price: 900 }, active: false };
    expect(schemas.cleanFranchisePlan(input)).toEqual({ ...plan, toll: { toCharge: false, price: 0 }, active: true });
    expect(input.toll.price).toBe(900);
    expect(schemas.cleanFranchisePlan({ ...plan, toll: { toCharge: true, price: 900 } }).toll.price).toBe(900);
  });

  it('reports every missing field with the franchise form messages', () => {
    const messages = issuesOf(validateSync(schemas.shipperFranchisePlanSchema, {})).map((i) => `${i.path}: ${i.message}`);
    expect(messages.sort()).toEqual(
      [
        'franchise_plan: Preencha o tipo da franquia',
        'name: Nome da franquia obrigatório',
        'price: Valor do atendimento obrigatório',
        'limits.distance: Distância obrigatória',
        'limits.intervalType: Tipo de intervalo de km obrigatório',
        'limits.hourIntervalType: Tipo de intervalo de hora obrigatório',
        'limits.time: Tempo de operação obrigatório',
        'overages.chargeType: Tipo de cálculo de hora obrigatório',
        'overages.distancePrice: Valor do km excedente obrigatório',
        'overages.hourPrice: Valor da hora excedente obrigatório',
        'toll.toCharge: Cobrança de pedágio obrigatória',
        'shipper: Embarcador obrigatório',
      ].sort(),
    );
  });

  it('checks hh:mm, bounds and options', () => {
    const bad = {
      ...plan,
      price: -1,
      limits: { distance: 1.5, intervalType: 'x', hourIntervalType: 'start_endOnPlace', time: '10:75' },
      toll: { toCharge: false },
    };
    expect(issuesOf(validateSync(schemas.shipperFranchisePlanSchema, bad))).toEqual([
      { code: 'too_small', path: 'price', message: 'O valor do atendimento deve ser maior que zero' },
      { code: 'invalid_type', path: 'limits.distance', message: 'Valor inválido' },
      { code: 'invalid_enum_value', path: 'limits.intervalType', message: 'Opção inválida' },
      { code: 'invalid_time', path: 'limits.time', message: 'Minutos devem estar entre 0 e 59' },
    ]);
  });

  it("a provider plan accepts 'Todos' (null) but not an unchosen provider", () => {
    const { shipper: _omit, ...common } = plan;
    void _omit;
    const all = validateSync(schemas.providerFranchisePlanSchema, { ...common, serviceProvider: null, toll: { toCharge: false } });
    expect(all.ok && all.value.serviceProvider).toBeNull();
    expect(
      issuesOf(validateSync(schemas.providerFranchisePlanSchema, { ...common, toll: { toCharge: false } })),
    ).toEqual([{ code: 'too_small', path: 'serviceProvider', message: 'Prestadora de serviços obrigatório' }]);
    expect(
      issuesOf(validateSync(schemas.providerFranchisePlanSchema, { ...common, serviceProvider: 'x', toll: { toCharge: false } })),
    ).toEqual([{ code: 'invalid_id', path: 'serviceProvider', message: 'Prestadora de serviços obrigatório' }]);
  });
});

describe('mission configs', () => {
  it('requires the four flags, starting all false and without SLA targets', () => {
    expect(validateSync(schemas.missionConfigSchema, schemas.missionConfigInitialValues)).toEqual({
      ok: true,
      value: {
        required: { cause: false, carrier: false, place: false, leadership: false },
        sla: { proposal: null, accept: null, arrival: null, execution: null, billing: null },
        eta: { roadFactor: null, averageSpeedKmh: null },
        arrival: { radius: 200 },
        alarms: { phone: null, emails: null, escalateMinutes: 5, silenceMinutes: null },
      },
    });
    expect(issuesOf(validateSync(schemas.missionConfigSchema, { required: { cause: true, carrier: false, place: true } }))).toEqual([
      { code: 'too_small', path: 'required.leadership', message: 'Campo obrigatório' },
    ]);
  });
});

describe('passwords (one rule for users, provider logins and the reset wizard)', () => {
  const forms = [
    ['users', schemas.userCreateSchema, 'Preencha a senha para o login'],
    ['provider logins', schemas.providerLoginCreateSchema, 'Preencha a senha para o login'],
    ['password reset', schemas.resetPasswordSchema, 'Preencha a nova senha'],
  ] as const;

  it.each(forms)('%s: blank → the form message, under 8 characters → the shared message, 8 → fine', (_, schema, required) => {
    const passwordIssue = (password: string) =>
      issuesOf(validateSync(schema, { password })).find((issue) => issue.path === 'password');
    expect(passwordIssue('')).toEqual({ code: 'too_small', path: 'password', message: required });
    expect(passwordIssue('Demo@12')).toEqual({ code: 'too_small', path: 'password', message: 'A senha deve ter ao menos 8 caracteres' });
    expect(passwordIssue('Demo@123')).toBeUndefined();
    // Spaces count: passwords are never trimmed.
    expect(passwordIssue('  ab  cd')).toBeUndefined();
  });

  it('keeps the minimum and its message together', () => {
    expect(schemas.MIN_PASSWORD_LENGTH).toBe(8);
    expect(validateSync(schemas.passwordField('x'), 'a'.repeat(schemas.MIN_PASSWORD_LENGTH)).ok).toBe(true);
  });
});

describe('integer fields stay within the database int4', () => {
  it("refuses 2147483648 with 'Valor máximo: 2147483647' and takes 2147483647", () => {
    expect(schemas.MAX_INT).toBe(2147483647);
    for (const field of [schemas.nonNegativeInt('x'), schemas.moneyCents('x')]) {
      expect(issuesOf(validateSync(field, 2147483648))).toEqual([{ code: 'too_big', path: '', message: 'Valor máximo: 2147483647' }]);
      expect(validateSync(field, 2147483647)).toEqual({ ok: true, value: 2147483647 });
    }
  });
});
