/**
 * The app's own catalogue, merged over react-admin's Portuguese one. Screens of this pt-BR-only
 * product write the product's texts directly; this catalogue holds what react-admin itself says:
 * the 'ra.notification.*' overrides make its save toasts use the product's texts (section 8).
 * Resource-specific keys (resources.<name>.*) are added here by the resource declarations.
 */
export const appMessages = {
  ra: {
    notification: {
      // docs/rules/messages.md: default success toast 'Salvo com sucesso'; generic save error.
      updated: 'Salvo com sucesso',
      created: 'Salvo com sucesso',
      deleted: 'Registro excluído com sucesso |||| %{smart_count} registros excluídos com sucesso',
      http_error: 'Não foi possível salvar no momento, tente novamente mais tarde',
    },
  },
};
