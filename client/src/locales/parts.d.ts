// The two parts of an app catalogue (src/locales/first-load.ts), made by scripts/catalogue-plugin.ts.
declare module '*.json?first' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const messages: Record<string, string | MessageFormatElement[]>;
  export default messages;
}
declare module '*.json?rest' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const messages: Record<string, string | MessageFormatElement[]>;
  export default messages;
}
