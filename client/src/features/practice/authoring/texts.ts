import { featureTexts, type MessageKey } from '../../../lib/i18n';
import type { MessageValues } from '../../../lib/i18n/translator';
import bangla from './locales/bn.json';
import english from './locales/en.json';

/**
 * The authoring pages' own texts (locales/en.json and bn.json beside them), shipped with these pages
 * only: students, who never open them, do not download them with every page.
 */
export type AuthoringKey = keyof typeof english;
export type AuthoringTranslate = (key: AuthoringKey | MessageKey, values?: MessageValues) => string;

/** `t` for these pages: their own texts, and the app's for every other key. */
export const useAuthoringT: () => AuthoringTranslate = featureTexts<AuthoringKey>({ en: english, bn: bangla });
