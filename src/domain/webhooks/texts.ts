/**
 * The words of the 'Webhooks' tab of 'Integrações' (docs/rules/webhooks.md), shared by the screen
 * (src/custom/integrations) and its tests.
 */
export const WEBHOOK_TEXTS = {
  tab: 'Webhooks',
  intro: 'Os sistemas da gerenciadora recebem os eventos das missões, assinados (Standard Webhooks).',
  add: 'Novo webhook',
  edit: 'Editar webhook',
  empty: 'Nenhum webhook cadastrado.',
  url: 'Endereço (URL)',
  events: 'Eventos',
  active: 'Ativo',
  cancel: 'Cancelar',
  save: 'Salvar',
  editButton: 'Editar',
  test: 'Enviar teste',
  testQueued: 'Mensagem de teste enfileirada',
  rotate: 'Rotacionar segredo',
  rotateConfirm: (url: string) => `Gerar um novo segredo para ${url}? O segredo atual continua assinando por 24 h.`,
  remove: 'Excluir',
  removeConfirm: (url: string) => `Excluir o webhook ${url} e o seu registro de entregas? Os eventos deixam de ser enviados a ele.`,
  deliveries: 'Entregas',
  hideDeliveries: 'Ocultar entregas',
  noDeliveries: 'Nenhuma entrega ainda.',
  resend: 'Reenviar',
  resent: 'Mensagem reenviada',
  secretTitle: 'Segredo do webhook',
  secretWarning: 'Copie agora: este segredo não será mostrado de novo. Use-o para verificar a assinatura (webhook-signature) de cada mensagem.',
  secretLabel: 'Segredo',
  copied: 'Segredo copiado',
  noAnswer: 'sem resposta',
} as const;
