import { Text, type TextProps } from '@chakra-ui/react';
import type { CourseLanguage } from '../gql/types';
import { courseLanguageLabels, courseLanguageTexts } from '../lib/messages';

/** "Language: বাংলা" or "Language: English", the language's name marked with its own `lang`. */
export function CourseLanguageLine({ language, ...props }: { language: CourseLanguage } & TextProps) {
  const { label, lang } = courseLanguageLabels[language];
  return (
    <Text {...props}>
      {courseLanguageTexts.prefix} <span lang={lang}>{label}</span>
    </Text>
  );
}
