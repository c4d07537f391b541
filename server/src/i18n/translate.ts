import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import bangla from './bn.json';
import english from './en.json';
import banglaForEnglish from './messages.bn.json';
import { localeOf, type Language } from './languages';

/**
 * The server's texts in both languages, with the client's library (intl-messageformat, ICU syntax).
 *
 * - Keyed texts (emails, the page title) live in en.json and bn.json, like the client's catalogues.
 * - Messages written in English where they arise (errors thrown by services, validation messages)
 *   are translated on their way out, gettext style: messages.bn.json maps each English message
 *   to its Bangla, the English written as an ICU template when it carries values
 *   ("limit must be a whole number from 1 to {max}"), so no call site needs to know about languages.
 */
export type TextKey = keyof typeof english;
export type TextValues = Record<string, PrimitiveType>;

const keyed: Record<Language, Record<string, string>> = { en: english, bn: bangla };
const formats = new Map<string, IntlMessageFormat>();

function format(language: Language, message: string, values?: TextValues): string {
  const id = `${language}\u0000${message}`;
  let compiled = formats.get(id);
  if (!compiled) {
    compiled = new IntlMessageFormat(message, localeOf(language), undefined, { ignoreTag: true });
    formats.set(id, compiled);
  }
  return String(compiled.format(values));
}

/** A keyed text (en.json / bn.json) in `language`. */
export function text(language: Language, key: TextKey, values?: TextValues): string {
  return format(language, keyed[language][key] ?? english[key], values);
}

interface Pattern {
  /** Matches the English message, capturing each placeholder's value in order. */
  matcher: RegExp;
  names: string[];
  bangla: string;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English template as a regular expression: its text literally, each `{name}` as a capture. */
function patternOf(template: string, translation: string): Pattern | null {
  const elements: MessageFormatElement[] = parse(template, { ignoreTag: true });
  if (elements.every((element) => element.type === TYPE.literal)) return null;
  const names: string[] = [];
  const source = elements
    .map((element) => {
      if (element.type === TYPE.literal) return escapeRegExp(element.value);
      if (element.type === TYPE.argument || element.type === TYPE.number) {
        names.push(element.value);
        return '(.+?)';
      }
      throw new Error(`messages.bn.json: "${template}" may only use plain placeholders`);
    })
    .join('');
  return { matcher: new RegExp(`^${source}$`, 's'), names, bangla: translation };
}

const exact = new Map<string, string>();
const patterns: Pattern[] = [];
for (const [template, translation] of Object.entries(banglaForEnglish as Record<string, string>)) {
  const pattern = patternOf(template, translation);
  if (pattern) patterns.push(pattern);
  else exact.set(format('en', template), translation);
}
// The most specific template first, when two could match the same message.
patterns.sort((a, b) => b.matcher.source.length - a.matcher.source.length);

/** An English message (an error, a validation message) in `language`; left in English when no translation is known. */
export function translateMessage(language: Language, message: string): string {
  if (language === 'en') return message;
  const whole = exact.get(message);
  if (whole !== undefined) return format(language, whole);
  for (const pattern of patterns) {
    const match = pattern.matcher.exec(message);
    if (!match) continue;
    const values: TextValues = {};
    pattern.names.forEach((name, index) => {
      const value = match[index + 1];
      // Numbers go back in as numbers, to be written with the language's digits; words such as a
      // field's name ("{label} is required") are translated when the catalogue knows them.
      values[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : translateMessage(language, value);
    });
    return format(language, pattern.bangla, values);
  }
  return message;
}
