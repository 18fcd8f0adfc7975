import { describe, expect, it } from 'vitest';
import { BREADCRUMB_LABELS, crumbsFor, homePathFor, menuAllows, menuItemsFor } from '../../src/domain/navigation';
import { ROLES } from './authTestUtils';

const labels = (role: (typeof ROLES)[keyof typeof ROLES]) => menuItemsFor(role).map((i) => `${i.label} ${i.to}`);

describe('side menu items per role (docs/rules/screens.md)', () => {
  it('admin (type admin, perfil admin): Missões, Administração, Relatórios, Desempenho (ours), Integrações', () => {
    expect(labels(ROLES.admin)).toEqual(['Missões /home/missions', 'Administração /home/admin', 'Relatórios /home/reports', 'Desempenho /home/performance', 'Integrações /home/integracoes']);
  });
  it('gestor (risk_manager admin): Missões, Administração, Relatórios, Desempenho (ours), Integrações', () => {
    expect(labels(ROLES.gestor)).toEqual(['Missões /home/missions', 'Administração /home/admin', 'Relatórios /home/reports', 'Desempenho /home/performance', 'Integrações /home/integracoes']);
  });
  it('operador (risk_manager operational): Missões only', () => {
    expect(labels(ROLES.operador)).toEqual(['Missões /home/missions']);
  });
  it('ti: Usuários instead of Missões, and Integrações', () => {
    expect(labels(ROLES.ti)).toEqual(['Usuários /home/users', 'Integrações /home/integracoes']);
  });
  it('prestador (service_provider admin): Missões, its own Desempenho, Dispositivos and Agentes — no Administração nor Relatórios', () => {
    expect(labels(ROLES.prestador)).toEqual(['Missões /home/missions', 'Desempenho /home/performance', 'Dispositivos /home/devices', 'Agentes /home/agents']);
    expect(labels(ROLES.prestador2)).toEqual(['Missões /home/missions', 'Dispositivos /home/devices', 'Agentes /home/agents']);
  });
  it('no role: no items', () => {
    expect(menuItemsFor(null)).toEqual([]);
  });
  it('/home goes to Usuários for ti, Missões for everyone else', () => {
    expect(homePathFor(ROLES.ti)).toBe('/home/users');
    for (const role of [ROLES.admin, ROLES.gestor, ROLES.operador, ROLES.prestador]) expect(homePathFor(role)).toBe('/home/missions');
  });
});

describe('breadcrumb (docs/rules/screens.md)', () => {
  it('labels each known segment and capitalises unknown ones; the last crumb is plain', () => {
    expect(crumbsFor('/home/admin/causes')).toEqual([
      { label: 'Home', to: '/home', link: true, last: false },
      { label: 'Administração', to: '/home/admin', link: true, last: false },
      { label: 'Motivo Acionamento', to: '/home/admin/causes', link: false, last: true },
    ]);
  });

  it('skips 24-hex ids but keeps them in the paths of later crumbs; a path that shows no screen is plain text', () => {
    const id = '64b7f0c2a1b2c3d4e5f60718';
    expect(crumbsFor(`/home/missions/${id}/details/started`)).toEqual([
      { label: 'Home', to: '/home', link: true, last: false },
      { label: 'Missões', to: '/home/missions', link: true, last: false },
      { label: 'Detalhes', to: `/home/missions/${id}/details`, link: false, last: false },
      { label: 'Iniciado', to: `/home/missions/${id}/details/started`, link: false, last: true },
    ]);
    expect(crumbsFor(`/home/admin/advanced/shippers/${id}/shippersFranchise`).map((c) => [c.label, c.link])).toEqual([
      ['Home', true],
      ['Administração', true],
      ['Avançada', false],
      ['Embarcador', true],
      ['Franquias (cliente)', false],
    ]);
  });

  it("names a record's dialog URLs as the dialogs: Consultar and Criar, below a linked list", () => {
    const id = '64b7f0c2a1b2c3d4e5f60718';
    expect(crumbsFor(`/home/admin/causes/${id}/show`).map((c) => [c.label, c.link])).toEqual([
      ['Home', true],
      ['Administração', true],
      ['Motivo Acionamento', true],
      ['Consultar', false],
    ]);
    // The account's security page, in Portuguese: one crumb for /account/security.
    expect(crumbsFor('/home/account/security').map((c) => [c.label, c.link])).toEqual([
      ['Home', true],
      ['Segurança da conta', false],
    ]);
    expect(crumbsFor('/home/admin/advanced/shippers/create').map((c) => c.label)).toEqual(['Home', 'Administração', 'Avançada', 'Embarcador', 'Criar']);
    expect(crumbsFor(`/home/admin/advanced/shippers/${id}/shippersFranchise/${id}`).at(-1)).toMatchObject({ label: 'Franquias (cliente)', last: true });
  });

  it('names the billing screen and its party', () => {
    const id = '64b7f0c2a1b2c3d4e5f60718';
    expect(crumbsFor(`/home/missions/${id}/billing/serviceProvider`).map((c) => c.label)).toEqual(['Home', 'Missões', 'Faturamento', 'Prestadora']);
  });

  it('every segment of the paths the app opens reads in Portuguese: the theme editor, details and chat in each status', () => {
    const id = '64b7f0c2a1b2c3d4e5f60718';
    expect(crumbsFor('/home/admin/theme').map((c) => c.label)).toEqual(['Home', 'Administração', 'Tema']);
    expect(crumbsFor('/home/admin/audit').map((c) => c.label)).toEqual(['Home', 'Administração', 'Auditoria']);
    expect(crumbsFor('/home/admin/privacy').map((c) => c.label)).toEqual(['Home', 'Administração', 'Privacidade']);
    const statuses = ['open', 'started', 'finished', 'billed_shipper', 'billed_provider', 'billed', 'rejected', 'canceled'] as const;
    for (const status of statuses) {
      for (const screen of ['details', 'chat']) {
        const [, , label, last] = crumbsFor(`/home/missions/${id}/${screen}/${status}`).map((c) => c.label);
        expect([label, last]).toEqual([screen === 'chat' ? 'Chat' : 'Detalhes', BREADCRUMB_LABELS[status]]);
        expect(last, status).not.toBe(status.charAt(0).toUpperCase() + status.slice(1));
      }
    }
  });

  it('does not skip what only looks like an id (wrong length or upper case)', () => {
    expect(crumbsFor('/home/abc123').map((c) => c.label)).toEqual(['Home', 'Abc123']);
    expect(crumbsFor('/home/64B7F0C2A1B2C3D4E5F60718').map((c) => c.label)).toEqual(['Home', '64B7F0C2A1B2C3D4E5F60718']);
  });

  it('has every label of docs/rules/screens.md', () => {
    expect(BREADCRUMB_LABELS).toEqual({
      missions: 'Missões',
      admin: 'Administração',
      view: 'Consultar',
      causes: 'Motivo Acionamento',
      carriers: 'Transportador',
      places: 'Locais',
      leaderships: 'Liderança',
      requesters: 'Solicitantes',
      configs: 'Parâmetros da missão',
      states: 'Estados',
      cities: 'Cidades',
      advanced: 'Avançada',
      shippers: 'Embarcador',
      shippersFranchise: 'Franquias (cliente)',
      franchises: 'Serviços e Franquias',
      franchiseProviders: 'Prestadores de Serviço (franquias)',
      providers: 'Prestadores',
      providersLogin: 'Logins',
      details: 'Detalhes',
      billing: 'Faturamento',
      shipper: 'Cliente', // ours: the billing parties as docs/rules/screens.md names them
      serviceProvider: 'Prestadora',
      billed: 'Faturado',
      started: 'Iniciado',
      finished: 'Finalizado',
      users: 'Usuários',
      reports: 'Relatórios', // ours: the product's list misses the reports screen
      performance: 'Desempenho', // ours: the provider scorecards
      // ours: the other segments of the app's paths (theme editor, audit trail, chat, mission statuses)
      theme: 'Tema',
      audit: 'Auditoria',
      privacy: 'Privacidade', // ours: LGPD's data subjects, retention and incidents (docs/rules/privacy.md)
      chat: 'Chat',
      security: 'Segurança da conta', // /home/account/security ('account' only groups: no crumb)
      devices: 'Dispositivos', // ours: the provider's tracking devices (docs/rules/positions.md)
      integracoes: 'Integrações', // ours: the API keys and webhooks (docs/rules/integrations.md)
      agents: 'Agentes', // ours: the provider's roster of security agents (docs/rules/agents.md)
      show: 'Consultar', // a record's dialog URLs, named as the dialogs
      create: 'Criar',
      open: 'Solicitado',
      canceled: 'Cancelado',
      rejected: 'Outro fornecedor definido',
      billed_shipper: 'Faturado Cliente',
      billed_provider: 'Faturado Prestadora',
    });
    expect(crumbsFor('/home/admin/advanced/shippersFranchise').map((c) => c.label)).toEqual([
      'Home',
      'Administração',
      'Avançada',
      'Franquias (cliente)',
    ]);
  });
});

describe('menuAllows: the screens of the menu open by the menu\'s own rule', () => {
  const SCREENS = ['/home/missions', '/home/admin', '/home/reports', '/home/users'];
  it.each(Object.entries(ROLES))('%s opens exactly what its menu lists', (_name, role) => {
    const listed = menuItemsFor(role).map((item) => item.to);
    expect(SCREENS.filter((to) => menuAllows(role, to))).toEqual(SCREENS.filter((to) => listed.includes(to)));
  });
  it('reports: only admin-profile users of admin and risk-manager roles', () => {
    expect(menuAllows(ROLES.gestor, '/home/reports')).toBe(true);
    expect(menuAllows(ROLES.admin, '/home/reports')).toBe(true);
    for (const role of [ROLES.ti, ROLES.operador, ROLES.prestador, ROLES.prestador2]) expect(menuAllows(role, '/home/reports')).toBe(false);
    expect(menuAllows(null, '/home/missions')).toBe(false);
  });
});
