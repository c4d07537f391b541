export { I18nProvider, useLanguage, useT } from './i18n-context';
export { loadCatalogue, loadRestOfCatalogues, type Catalogue, type MessageKey } from './catalogues';
export { createTranslator, type Translate } from './translator';
export { featureTexts } from './feature-texts';
export {
  documentLanguage,
  rememberLanguage,
  cookieLanguage,
  isLanguage,
  languageNames,
  localeOf,
  LANGUAGES,
  LANGUAGE_COOKIE,
  type Language,
} from './languages';
