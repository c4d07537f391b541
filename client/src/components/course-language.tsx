import type { CourseLanguage } from '../gql/types';
import { useT } from '../lib/i18n';

/** "Language: English", or on a Bangla page "ভাষা: ইংরেজি": the language named in the page's language (the caller gives the element). */
export function CourseLanguageLine({ language }: { language: CourseLanguage }) {
  const t = useT();
  return (
    <>
      {t('courseLanguage.prefix')} {t(`courseLanguage.name.${language}`)}
    </>
  );
}
