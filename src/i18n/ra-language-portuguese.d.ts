// ra-language-portuguese ships plain CommonJS without types.
declare module 'ra-language-portuguese' {
  import type { TranslationMessages } from 'ra-core';
  const messages: TranslationMessages;
  export default messages;
}
