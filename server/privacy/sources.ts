import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { maskCpf } from '../../src/domain/masks';
import { anonymisedEmail } from '../../src/domain/privacy';
import { ANONYMISED_MARKER } from '../../src/domain/privacy/eventPersonal';
import type { SubjectQuery } from '../../src/domain/privacy/schemas';
import { PERFIL_LABELS } from '../../src/domain/roles';
import type { Db } from '../db/client';
import { folded } from '../db/foldedText';
import { missionAgents, missionMessages, missions, missionVehicles, rosterAgents, serviceProviders, trackerDevices, users } from '../db/schema';
import { eraseEventValues } from './eventErasure';

/**
 * Where a person's data sits in a tenant (docs/rules/privacy.md), one source per kind of record:
 * each finds the records of the data subject searched, and anonymises them when no legal duty to
 * keep them applies. The search, the export (JSON and PDF) and the anonymisation go through this
 * list only, so a new kind of record is one more entry here.
 */

/** One record found, as the screen, the JSON and the PDF show it. */
export interface FoundRecord {
  source: string;
  label: string;
  id: string;
  /** Why it is kept on an anonymisation (null: it would be anonymised). */
  kept: string | null;
  data: Record<string, string | number | null>;
}

export interface SubjectSource {
  name: string;
  label: string;
  find: (db: Db, tenant: string, query: SubjectQuery) => Promise<FoundRecord[]>;
  /** Anonymises what `find` found and is not kept; answers how many records. */
  anonymise: (tx: Db, tenant: string, query: SubjectQuery) => Promise<number>;
}

/** A mission still being served: its people are kept to carry it out (LGPD art. 7 V). */
export const KEPT_RUNNING = 'Missão em andamento: mantido para a execução do serviço (LGPD art. 7º, V)';
const KEPT_ACTIVE = 'Conta ativa: desative o usuário antes de anonimizar (LGPD art. 7º, V)';
const isRunning = (status: string) => status === 'open' || status === 'started';

/**
 * A name matches on search when it contains what was typed (accents and case aside); on an
 * anonymisation only when it is that name, so a search for 'João' never erases every João.
 */
const nameMatches = (column: SQL | typeof users.name, name: string, exact: boolean): SQL =>
  exact ? sql`${folded(column)} = ${folded(sql`${name}::text`)}` : sql`${folded(column)} like '%' || ${folded(sql`${name}::text`)} || '%'`;

const sameName = (a: string, b: string) => a.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim() === b.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const when = (value: Date | null) => (value ? value.toISOString() : null);

function driverWhere(query: SubjectQuery, exact: boolean): SQL | undefined {
  if (query.kind === 'cpf') return eq(missionVehicles.driverPin, query.cpf);
  if (query.kind === 'name') return nameMatches(sql`${missionVehicles.driver}`, query.name, exact);
  return undefined;
}

const drivers: SubjectSource = {
  name: 'drivers',
  label: 'Motoristas de veículos das missões',
  find: async (db, tenant, query) => {
    const where = driverWhere(query, false);
    if (!where) return [];
    const rows = await db
      .select({ vehicle: missionVehicles, status: missions.status, processNumber: missions.processNumber })
      .from(missionVehicles)
      .innerJoin(missions, eq(missions.id, missionVehicles.mission))
      .where(and(eq(missions.riskManager, tenant), where));
    return rows.map(({ vehicle, status, processNumber }) => ({
      source: 'drivers',
      label: 'Motorista',
      id: vehicle.id,
      kept: isRunning(status) ? KEPT_RUNNING : null,
      data: { Missão: processNumber ?? vehicle.mission, Motorista: vehicle.driver, CPF: vehicle.driverPin ? maskCpf(vehicle.driverPin) : null, Placa: vehicle.plate, 'Registrado em': when(vehicle.createdAt) },
    }));
  },
  anonymise: async (tx, tenant, query) => {
    const where = driverWhere(query, true);
    if (!where) return 0;
    const rows = await tx
      .select({ id: missionVehicles.id, mission: missionVehicles.mission, driver: missionVehicles.driver, cpf: missionVehicles.driverPin })
      .from(missionVehicles)
      .innerJoin(missions, eq(missions.id, missionVehicles.mission))
      .where(and(eq(missions.riskManager, tenant), where, sql`${missions.status} not in ('open', 'started')`));
    if (rows.length === 0) return 0;
    await tx.update(missionVehicles).set({ driver: ANONYMISED_MARKER, driverPin: null }).where(inArray(missionVehicles.id, rows.map((row) => row.id)));
    const texts = rows.flatMap((row) => [row.driver, ...(row.cpf ? [maskCpf(row.cpf)] : [])]);
    await eraseEventValues(tx, [...new Set(rows.map((row) => row.mission))], (value) => texts.some((text) => sameName(text, value)));
    return rows.length;
  },
};

function agentWhere(query: SubjectQuery, exact: boolean): SQL | undefined {
  if (query.kind === 'cpf') return eq(missionAgents.cpf, query.cpf);
  if (query.kind === 'name') return nameMatches(sql`${missionAgents.name}`, query.name, exact);
  return undefined;
}

/** On missions: the name and, for an agent picked from a roster, that day's CPF and CNV (docs/rules/agents.md). */
const agents: SubjectSource = {
  name: 'agents',
  label: 'Agentes das missões',
  find: async (db, tenant, query) => {
    const where = agentWhere(query, false);
    if (!where) return [];
    const rows = await db
      .select({ agent: missionAgents, status: missions.status, processNumber: missions.processNumber })
      .from(missionAgents)
      .innerJoin(missions, eq(missions.id, missionAgents.mission))
      .where(and(eq(missions.riskManager, tenant), where));
    return rows.map(({ agent, status, processNumber }) => ({
      source: 'agents',
      label: 'Agente',
      id: agent.id,
      kept: isRunning(status) ? KEPT_RUNNING : null,
      data: {
        Missão: processNumber ?? agent.mission,
        Nome: agent.name,
        CPF: agent.cpf ? maskCpf(agent.cpf) : null,
        CNV: agent.cnvNumber,
        'Início (km)': agent.odometer.start?.km ?? null,
        'Chegada no local (km)': agent.odometer.arrivalOnPlace?.km ?? null,
        'Saída do local (km)': agent.odometer.endOnPlace?.km ?? null,
        'Fim (km)': agent.odometer.end?.km ?? null,
      },
    }));
  },
  anonymise: async (tx, tenant, query) => {
    const where = agentWhere(query, true);
    if (!where) return 0;
    const rows = await tx
      .select({ id: missionAgents.id, mission: missionAgents.mission, name: missionAgents.name })
      .from(missionAgents)
      .innerJoin(missions, eq(missions.id, missionAgents.mission))
      .where(and(eq(missions.riskManager, tenant), where, sql`${missions.status} not in ('open', 'started')`));
    if (rows.length === 0) return 0;
    await tx.update(missionAgents).set({ name: ANONYMISED_MARKER, cpf: null, cnvNumber: null }).where(inArray(missionAgents.id, rows.map((row) => row.id)));
    await eraseEventValues(tx, [...new Set(rows.map((row) => row.mission))], (value) => rows.some((row) => sameName(row.name, value)));
    return rows.length;
  },
};

const KEPT_ROSTER = 'Agente ativo no cadastro da prestadora: desative-o antes de anonimizar (LGPD art. 7º, V)';

function rosterWhere(query: SubjectQuery, exact: boolean): SQL | undefined {
  if (query.kind === 'cpf') return eq(rosterAgents.cpf, query.cpf);
  if (query.kind === 'name') return nameMatches(sql`${rosterAgents.name}`, query.name, exact);
  return undefined;
}

/** The providers' rosters of licensed agents (docs/rules/agents.md): an active agent is kept. */
const roster: SubjectSource = {
  name: 'roster',
  label: 'Cadastro de agentes das prestadoras',
  find: async (db, tenant, query) => {
    const where = rosterWhere(query, false);
    if (!where) return [];
    const rows = await db
      .select({ agent: rosterAgents, provider: serviceProviders.name })
      .from(rosterAgents)
      .innerJoin(serviceProviders, eq(serviceProviders.id, rosterAgents.serviceProvider))
      .where(and(eq(serviceProviders.riskManager, tenant), where));
    return rows.map(({ agent, provider }) => ({
      source: 'roster',
      label: 'Agente cadastrado',
      id: agent.id,
      kept: agent.active ? KEPT_ROSTER : null,
      data: { Prestadora: provider, Nome: agent.name, CPF: maskCpf(agent.cpf), CNV: agent.cnvNumber, 'Validade da CNV': agent.cnvValidUntil, 'Última reciclagem': agent.refresherOn, 'Cadastrado em': when(agent.createdAt) },
    }));
  },
  anonymise: async (tx, tenant, query) => {
    const where = rosterWhere(query, true);
    if (!where) return 0;
    // CPF and CNV number are required and the CPF unique per provider: each gets a marker of its own row.
    const rows = await tx
      .update(rosterAgents)
      .set({ name: ANONYMISED_MARKER, cpf: sql`'anonimizado:' || ${rosterAgents.id}`, cnvNumber: ANONYMISED_MARKER })
      .where(
        and(
          inArray(rosterAgents.serviceProvider, sql`(select ${serviceProviders.id} from ${serviceProviders} where ${serviceProviders.riskManager} = ${tenant})`),
          where,
          eq(rosterAgents.active, false),
        ),
      )
      .returning({ id: rosterAgents.id });
    return rows.length;
  },
};

/** The tenant's own users and its providers' users. */
const tenantUsers = (tenant: string): SQL =>
  or(eq(users.riskManager, tenant), inArray(users.serviceProvider, sql`(select ${serviceProviders.id} from ${serviceProviders} where ${serviceProviders.riskManager} = ${tenant})`)) as SQL;

function userWhere(query: SubjectQuery, exact: boolean): SQL | undefined {
  if (query.kind === 'email') return sql`lower(${users.email}) = ${query.email}`;
  if (query.kind === 'name') return nameMatches(sql`${users.name}`, query.name, exact);
  return undefined;
}

const accounts: SubjectSource = {
  name: 'users',
  label: 'Usuários',
  find: async (db, tenant, query) => {
    const where = userWhere(query, false);
    if (!where) return [];
    const rows = await db.select().from(users).where(and(tenantUsers(tenant), where));
    return rows.map((user) => ({
      source: 'users',
      label: 'Usuário',
      id: user.id,
      kept: user.active ? KEPT_ACTIVE : null,
      data: { Nome: user.name, 'E-mail': user.email, Perfil: PERFIL_LABELS[user.perfil], Ativo: user.active ? 'Sim' : 'Não', 'Criado em': when(user.createdAt) },
    }));
  },
  anonymise: async (tx, tenant, query) => {
    const where = userWhere(query, true);
    if (!where) return 0;
    const rows = await tx.select({ id: users.id, name: users.name }).from(users).where(and(tenantUsers(tenant), where, eq(users.active, false)));
    for (const row of rows) {
      await tx
        .update(users)
        .set({ name: ANONYMISED_MARKER, email: anonymisedEmail(row.id), tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, row.id));
      // Their chat messages and their name as the author of timeline events go with them.
      await tx.update(missionMessages).set({ senderName: ANONYMISED_MARKER, message: ANONYMISED_MESSAGE }).where(eq(missionMessages.senderUser, row.id));
      const touched = await tx.execute(sql`select distinct mission_id from mission_events where actor_user_id = ${row.id}`);
      const missionIds = (touched as { rows: { mission_id: string }[] }).rows.map((r) => r.mission_id);
      await eraseEventValues(tx, missionIds, (value) => sameName(row.name, value));
    }
    return rows.length;
  },
};

/** What an anonymised author's chat message reads. */
export const ANONYMISED_MESSAGE = 'Mensagem removida: titular anonimizado';

const chat: SubjectSource = {
  name: 'chat',
  label: 'Mensagens de chat',
  find: async (db, tenant, query) => {
    const author = userWhere(query, false);
    if (!author) return [];
    const rows = await db
      .select({ message: missionMessages, status: missions.status, processNumber: missions.processNumber })
      .from(missionMessages)
      .innerJoin(missions, eq(missions.id, missionMessages.mission))
      .innerJoin(users, eq(users.id, missionMessages.senderUser))
      .where(and(eq(missions.riskManager, tenant), tenantUsers(tenant), author));
    return rows.map(({ message, processNumber }) => ({
      source: 'chat',
      label: 'Mensagem',
      id: message.id,
      // Anonymised with the account it was sent from (Usuários).
      kept: null,
      data: { Missão: processNumber ?? message.mission, Autor: message.senderName, Mensagem: message.message, Arquivo: message.fileName, 'Enviada em': when(message.createdAt) },
    }));
  },
  anonymise: () => Promise.resolve(0),
};

const devices: SubjectSource = {
  name: 'devices',
  label: 'Dispositivos de rastreamento (posições)',
  find: async (db, tenant, query) => {
    if (query.kind !== 'name') return [];
    const rows = await db
      .select({ device: trackerDevices, positions: sql<number>`(select count(*)::int from positions where device_key = ${trackerDevices.key})` })
      .from(trackerDevices)
      .innerJoin(serviceProviders, eq(serviceProviders.id, trackerDevices.serviceProvider))
      .where(and(eq(serviceProviders.riskManager, tenant), nameMatches(sql`${trackerDevices.agent}`, query.name, false)));
    return rows.map(({ device, positions }) => ({
      source: 'devices',
      label: 'Dispositivo',
      id: device.id,
      kept: null,
      data: { Dispositivo: device.name, Agente: device.agent, 'Posições guardadas': positions, 'Cadastrado em': when(device.createdAt) },
    }));
  },
  anonymise: async (tx, tenant, query) => {
    if (query.kind !== 'name') return 0;
    // The device's positions stay until their retention, no longer tied to a person.
    const rows = await tx
      .update(trackerDevices)
      .set({ agent: null })
      .where(
        and(
          inArray(trackerDevices.serviceProvider, sql`(select ${serviceProviders.id} from ${serviceProviders} where ${serviceProviders.riskManager} = ${tenant})`),
          nameMatches(sql`${trackerDevices.agent}`, query.name, true),
        ),
      )
      .returning({ id: trackerDevices.id });
    return rows.length;
  },
};

/** Every source, in the order the export lists them. */
export const SUBJECT_SOURCES: readonly SubjectSource[] = [drivers, agents, roster, accounts, chat, devices];
