import { featureTexts, type MessageKey } from '../../lib/i18n';
import type { MessageValues } from '../../lib/i18n/translator';
import bangla from './locales/bn.json';
import english from './locales/en.json';

/**
 * The info pages' own texts (about, career, contact, support and the policies: locales/en.json and
 * bn.json beside them), shipped with these pages only: the home page and every other page do not
 * download the policies' words with their first load.
 */
export type InfoKey = keyof typeof english;
export type InfoTranslate = (key: InfoKey | MessageKey, values?: MessageValues) => string;

/** `t` for these pages: their own texts, and the app's for every other key. */
export const useInfoT: () => InfoTranslate = featureTexts<InfoKey>({ en: english, bn: bangla });
