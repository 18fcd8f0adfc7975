import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_ENTITIES,
  canAssignPerfil,
  canReadCatalogue,
  canManageUsers,
  canWriteCatalogue,
  isCatalogueAdmin,
  isPlatformAdmin,
  lockedUserFields,
  perfilOptionsFor,
  USER_CHANGE_REFUSALS,
  userChangeRefusal,
  showRiskManagerField,
} from '../../src/domain/permissions';
import type { Role } from '../../src/domain/roles';

const role = (type: Role['type'], perfil: Role['perfil']): Role => ({ type, perfil });

const adminAdmin = role('admin', 'admin');
const rmAdmin = role('risk_manager', 'admin');
const rmOperational = role('risk_manager', 'operational');
const rmTi = role('risk_manager', 'ti');
const adminTi = role('admin', 'ti');
const spAdmin = role('service_provider', 'admin');
const spOperational = role('service_provider', 'operational');
const spTi = role('service_provider', 'ti');

describe('admin-home tile rules', () => {
  it('catalogue tiles: type admin or risk manager with perfil admin', () => {
    expect(isCatalogueAdmin(adminAdmin)).toBe(true);
    expect(isCatalogueAdmin(rmAdmin)).toBe(true);
    for (const r of [rmOperational, rmTi, adminTi, spAdmin, spOperational, null, undefined]) {
      expect(isCatalogueAdmin(r)).toBe(false);
    }
  });

  it('states and cities: only type admin with perfil admin', () => {
    expect(isPlatformAdmin(adminAdmin)).toBe(true);
    for (const r of [rmAdmin, rmOperational, rmTi, adminTi, spAdmin, spOperational, null, undefined]) {
      expect(isPlatformAdmin(r)).toBe(false);
    }
  });
});

describe('catalogue writes', () => {
  it('cover the catalogues of the registry and their child lists', () => {
    expect([...CATALOGUE_ENTITIES]).toEqual([
      'causes',
      'carriers',
      'places',
      'leaderships',
      'requesters',
      'configs',
      'states',
      'cities',
      'shippers',
      'providers',
      'franchises',
      'shippersFranchise',
      'providersLogin',
      'franchiseProviders',
    ]);
  });

  it('perfil admin of admin type writes everything', () => {
    for (const e of CATALOGUE_ENTITIES) expect(canWriteCatalogue(e, adminAdmin)).toBe(true);
  });

  it('perfil admin of a risk manager writes all but states and cities', () => {
    for (const e of CATALOGUE_ENTITIES) expect(canWriteCatalogue(e, rmAdmin)).toBe(e !== 'states' && e !== 'cities');
  });

  it('other profiles and service providers write nothing', () => {
    for (const r of [rmOperational, rmTi, adminTi, spAdmin, spOperational, null]) {
      for (const e of CATALOGUE_ENTITIES) expect(canWriteCatalogue(e, r)).toBe(false);
    }
  });
});

describe('users screen and perfil select', () => {
  it('is for perfil admin or ti of admin and risk-manager roles', () => {
    expect(canManageUsers(adminAdmin)).toBe(true);
    expect(canManageUsers(rmAdmin)).toBe(true);
    expect(canManageUsers(rmTi)).toBe(true);
    expect(canManageUsers(adminTi)).toBe(true);
    expect(canManageUsers(rmOperational)).toBe(false);
    expect(canManageUsers(null)).toBe(false);
  });

  it('is not for service-provider users, whatever their perfil (their logins live under the provider)', () => {
    expect(canManageUsers(spAdmin)).toBe(false);
    expect(canManageUsers(spTi)).toBe(false);
    expect(canManageUsers(spOperational)).toBe(false);
  });

  it("hides 'TI' unless the current user is ti", () => {
    expect(perfilOptionsFor(rmAdmin)).toEqual([
      { value: 'admin', label: 'Administrador' },
      { value: 'operational', label: 'Operacional' },
    ]);
    expect(perfilOptionsFor(adminAdmin).map((o) => o.value)).toEqual(['admin', 'operational']);
    expect(perfilOptionsFor(rmTi)).toEqual([
      { value: 'admin', label: 'Administrador' },
      { value: 'operational', label: 'Operacional' },
      { value: 'ti', label: 'TI' },
    ]);
  });
});

describe('risk-manager field', () => {
  it('shows at creation only for users without a risk manager', () => {
    expect(showRiskManagerField({ riskManager: null })).toBe(true);
    expect(showRiskManagerField({})).toBe(true);
    expect(showRiskManagerField({ riskManager: 'a'.repeat(24) })).toBe(false);
    expect(showRiskManagerField({ riskManager: null }, 'edit')).toBe(false);
    expect(showRiskManagerField(null)).toBe(false);
  });
});

describe('catalogue reads and the ti perfil', () => {
  const provider = role('service_provider', 'operational');

  it('lets admin and risk-manager roles of any perfil read every catalogue', () => {
    for (const r of [adminAdmin, rmAdmin, rmOperational, rmTi]) {
      expect(canReadCatalogue('shippers', r)).toBe(true);
      expect(canReadCatalogue('franchiseProviders', r)).toBe(true);
    }
  });

  it('lets provider users read only what their mission screens show', () => {
    expect(canReadCatalogue('causes', provider)).toBe(true);
    expect(canReadCatalogue('cities', provider)).toBe(true);
    expect(canReadCatalogue('configs', provider)).toBe(true);
    expect(canReadCatalogue('shippers', provider)).toBe(false);
    expect(canReadCatalogue('franchises', provider)).toBe(false);
    expect(canReadCatalogue('causes', null)).toBe(false);
  });

  it('gives the ti perfil only through a ti user or a platform admin', () => {
    expect(canAssignPerfil(rmAdmin, 'ti')).toBe(false);
    expect(canAssignPerfil(rmAdmin, 'operational')).toBe(true);
    expect(canAssignPerfil(rmTi, 'ti')).toBe(true);
    expect(canAssignPerfil(adminAdmin, 'ti')).toBe(true);
    expect(canAssignPerfil(null, 'operational')).toBe(false);
  });
});

describe('changes to a user (userChangeRefusal, lockedUserFields)', () => {
  const actor = (id: string, r: Role) => ({ id, role: r });
  const user = (id: string, perfil: Role['perfil'], active = true) => ({ id, perfil, active });

  it('nobody changes their own perfil or deactivates themselves, whatever their role', () => {
    for (const r of [rmTi, rmAdmin, adminAdmin, adminTi]) {
      const self = user('me', r.perfil);
      for (const perfil of ['admin', 'operational', 'ti'] as const) {
        if (perfil === r.perfil) continue;
        expect(userChangeRefusal(actor('me', r), self, { perfil, active: true })).toBe(USER_CHANGE_REFUSALS.ownPerfil);
      }
      expect(userChangeRefusal(actor('me', r), self, { perfil: r.perfil, active: false })).toBe(USER_CHANGE_REFUSALS.ownDeactivation);
      // Keeping both (a name change) is allowed, and so is leaving `active` out.
      expect(userChangeRefusal(actor('me', r), self, { perfil: r.perfil, active: true })).toBeNull();
      expect(userChangeRefusal(actor('me', r), self, { perfil: r.perfil })).toBeNull();
    }
    expect(USER_CHANGE_REFUSALS).toEqual({
      ownPerfil: 'Não é possível alterar o próprio perfil',
      ownDeactivation: 'Não é possível desativar o próprio usuário',
      perfilNotAllowed: 'Você não pode atribuir este perfil',
    });
  });

  it("grants others at most what the users screen offers: 'ti' only by ti users and platform admins", () => {
    for (const r of [rmTi, rmAdmin, adminAdmin]) {
      for (const perfil of ['admin', 'operational', 'ti'] as const) {
        const expected = canAssignPerfil(r, perfil) ? null : USER_CHANGE_REFUSALS.perfilNotAllowed;
        expect(userChangeRefusal(actor('me', r), user('other', 'operational'), { perfil, active: false })).toBe(expected);
        expect(userChangeRefusal(actor('me', r), null, { perfil, active: true })).toBe(expected);
      }
    }
    // A ti user gives any offered perfil to others (admin included), but never to itself.
    expect(perfilOptionsFor(rmTi).map((o) => o.value)).toEqual(['admin', 'operational', 'ti']);
    expect(userChangeRefusal(actor('me', rmTi), user('other', 'operational'), { perfil: 'admin' })).toBeNull();
    expect(userChangeRefusal(actor('me', rmTi), user('me', 'ti'), { perfil: 'admin' })).toBe(USER_CHANGE_REFUSALS.ownPerfil);
    // A ti user cannot be changed (not even deactivated) by a risk-manager admin.
    expect(userChangeRefusal(actor('me', rmAdmin), user('other', 'ti'), { perfil: 'ti', active: false })).toBe(
      USER_CHANGE_REFUSALS.perfilNotAllowed,
    );
  });

  it('locks in the form exactly what the rule refuses', () => {
    expect(lockedUserFields(actor('me', rmTi), user('me', 'ti'))).toEqual({ perfil: true, active: true });
    expect(lockedUserFields(actor('me', rmTi), user('other', 'operational'))).toEqual({ perfil: false, active: false });
    expect(lockedUserFields(actor('me', rmAdmin), user('other', 'ti'))).toEqual({ perfil: true, active: true });
    // Reactivating oneself is no risk, but one cannot be inactive and signed in: only the perfil locks.
    expect(lockedUserFields(actor('me', rmAdmin), user('me', 'admin', false))).toEqual({ perfil: true, active: false });
  });
});
