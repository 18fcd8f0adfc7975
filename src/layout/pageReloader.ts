/** How the page reloads; an object so tests can watch it (jsdom cannot reload). */
export const pageReloader = { reload: (): void => window.location.reload() };
