/** The landing page's texts (docs/rules/themes.md: tabs Home, Services, About). */

export const LANDING_TABS = [
  { value: 'home', label: 'Início' },
  { value: 'services', label: 'Serviços' },
  { value: 'about', label: 'Sobre' },
] as const;
export type LandingTab = (typeof LANDING_TABS)[number]['value'];

export const HERO = {
  title: 'Pronta resposta para a sua carga, a qualquer hora',
  text:
    'Conectamos gerenciadoras de risco, embarcadores e prestadoras de pronta resposta em uma única plataforma. ' +
    'Do acionamento à finalização, cada missão é acompanhada em tempo real, com proposta, equipe em campo, ' +
    'ocorrências, anexos e faturamento no mesmo lugar.',
};

export const HIGHLIGHTS = [
  { title: 'Acionamento em minutos', text: 'A missão chega às prestadoras credenciadas da região assim que é aberta, com endereço e mapa.' },
  { title: 'Acompanhamento ponta a ponta', text: 'Status, quilometragem, horários, veículos e agentes registrados durante todo o atendimento.' },
  { title: 'Faturamento sem planilhas', text: 'Franquias de tempo e distância calculadas automaticamente para embarcador e prestadora.' },
];

export const SERVICES = [
  {
    title: 'Pronta resposta veicular',
    text: 'Equipes táticas deslocadas para o local do sinistro para verificação, preservação da carga e apoio à recuperação do veículo.',
  },
  {
    title: 'Escolta armada e velada',
    text: 'Acompanhamento de cargas de alto valor por viaturas descaracterizadas ou ostensivas, com rota e horários registrados.',
  },
  {
    title: 'Recuperação de cargas',
    text: 'Atuação conjunta com a gerenciadora de risco e as autoridades para localizar veículos e mercadorias desviados.',
  },
  {
    title: 'Monitoramento e relatórios',
    text: 'Histórico completo de cada missão, relatórios por embarcador e prestadora e exportação para Excel.',
  },
];

export const ABOUT = [
  'A Pronta Resposta nasceu dentro das operações de gerenciamento de risco do transporte rodoviário de cargas. ' +
    'Vimos de perto o custo de um acionamento feito por telefone e planilha: minutos perdidos, informações desencontradas ' +
    'e cobranças difíceis de conferir.',
  'Hoje a nossa plataforma atende gerenciadoras de risco e prestadoras de todo o país, com uma central de operações ' +
    'que funciona 24 horas por dia. Cada gerenciadora usa o portal com a sua própria identidade visual e mantém os seus ' +
    'dados separados dos demais clientes.',
  'Nosso compromisso é simples: a equipe certa, no lugar certo, no menor tempo possível — e tudo registrado.',
];

export const PORTAL_BUTTON = 'Portal do Cliente';
export const CONTACT_TITLE = 'Fale conosco';
