import { Text, type TextProps } from '@chakra-ui/react';
import type { CourseLanguage } from '../gql/types';
import { useT } from '../lib/i18n';

/** "Language: English", or on a Bangla page "ভাষা: ইংরেজি": the language named in the page's language. */
export function CourseLanguageLine({ language, ...props }: { language: CourseLanguage } & TextProps) {
  const t = useT();
  return (
    <Text {...props}>
      {t('courseLanguage.prefix')} {t(`courseLanguage.name.${language}`)}
    </Text>
  );
}
