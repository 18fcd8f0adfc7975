/**
 * react-admin's canAccess (App.tsx gives it to <Admin>) answers from the catalogue rules the
 * screens and the server share (docs/add-a-catalogue.md).
 */
import { describe, expect, it } from 'vitest';
import { createCanAccess } from '../../src/custom/admin/catalogueAccess';
import type { Role, SessionUser } from '../../src/domain/roles';
import { ROLES } from './authTestUtils';

const userWith = (role: Role, id = '64b7f0c2a1b2c3d4e5f60718'): SessionUser => ({
  id,
  name: 'Pessoa',
  email: 'pessoa@demo.com.br',
  role,
  riskManager: role.type === 'admin' ? null : '64b7f0c2a1b2c3d4e5f60001',
  serviceProvider: null,
});

const canAccessAs = (role: Role | null) => createCanAccess(() => (role ? userWith(role) : null));

describe('canAccess', () => {
  it('lets a gestor list and write its catalogues but not the global ones', async () => {
    const canAccess = canAccessAs(ROLES.gestor);
    expect(await canAccess({ action: 'list', resource: 'causes' })).toBe(true);
    expect(await canAccess({ action: 'create', resource: 'causes' })).toBe(true);
    expect(await canAccess({ action: 'delete', resource: 'shippersFranchise' })).toBe(true);
    expect(await canAccess({ action: 'list', resource: 'states' })).toBe(true);
    expect(await canAccess({ action: 'edit', resource: 'states' })).toBe(false);
    expect(await canAccess({ action: 'create', resource: 'cities' })).toBe(false);
  });

  it('lets an operational user read but not write; a provider reads no commercial catalogue', async () => {
    const operador = canAccessAs(ROLES.operador);
    expect(await operador({ action: 'list', resource: 'carriers' })).toBe(true);
    expect(await operador({ action: 'edit', resource: 'carriers' })).toBe(false);
    expect(await operador({ action: 'list', resource: 'users' })).toBe(false);
    const prestador = canAccessAs(ROLES.prestador);
    expect(await prestador({ action: 'list', resource: 'places' })).toBe(true);
    expect(await prestador({ action: 'list', resource: 'shippers' })).toBe(false);
  });

  it('follows the users declaration: nobody deletes their own user', async () => {
    const ti = canAccessAs(ROLES.ti);
    expect(await ti({ action: 'list', resource: 'users' })).toBe(true);
    expect(await ti({ action: 'delete', resource: 'users', record: { id: '64b7f0c2a1b2c3d4e5f60718' } })).toBe(false);
    expect(await ti({ action: 'delete', resource: 'users', record: { id: '64b7f0c2a1b2c3d4e5f60999' } })).toBe(true);
  });

  it('allows the reference lists and refuses every screen without a session', async () => {
    expect(await canAccessAs(ROLES.operador)({ action: 'list', resource: 'riskManagers' })).toBe(true);
    expect(await canAccessAs(null)({ action: 'list', resource: 'causes' })).toBe(false);
  });
});
