import { Text, type TextProps } from '@chakra-ui/react';
import type { CourseLanguage } from '../gql/types';
import { courseLanguageLabels } from '../lib/course-languages';
import { useT } from '../lib/i18n';

/** "Language: বাংলা" or "Language: English", the language's name marked with its own `lang`. */
export function CourseLanguageLine({ language, ...props }: { language: CourseLanguage } & TextProps) {
  const t = useT();
  const { label, lang } = courseLanguageLabels[language];
  return (
    <Text {...props}>
      {t('courseLanguage.prefix')} <span lang={lang}>{label}</span>
    </Text>
  );
}
