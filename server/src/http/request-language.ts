import type { NextFunction, Request, Response } from 'express';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/languages';

declare module 'express-serve-static-core' {
  interface Request {
    /** The language this request is answered in (pages, GraphQL errors, mail sent because of it). */
    language: Language;
  }
}

/** The browser's choice, set by the language switch or by `?lang=` (the client writes the same cookie). */
export const LANGUAGE_COOKIE = 'lang';
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

function cookieLanguage(cookieHeader: string | undefined): Language | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** The first of our languages the browser lists, by its q-values ("bn-BD,bn;q=0.9,en;q=0.8" is Bangla). */
export function acceptedLanguage(header: string | undefined): Language | null {
  const ranked = (header ?? '')
    .split(',')
    .map((item, index) => {
      const [tag, ...params] = item.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { primary: tag.trim().split('-')[0].toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? null;
}

/** `?lang=` when it names a language, then the cookie, then Accept-Language, then English. */
export function requestLanguage(req: Pick<Request, 'headers'> & { query?: unknown }): Language {
  const asked = (req.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(asked)) return asked;
  return cookieLanguage(req.headers.cookie) ?? acceptedLanguage(req.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/** Decides every request's language once; `?lang=` on any address also keeps the choice in the cookie for a year. */
export function chooseLanguage() {
  return (req: Request, res: Response, next: NextFunction) => {
    req.language = requestLanguage(req);
    const asked = (req.query as Record<string, unknown>).lang;
    if (isLanguage(asked) && cookieLanguage(req.headers.cookie) !== asked) {
      res.cookie(LANGUAGE_COOKIE, asked, { maxAge: ONE_YEAR_MS, sameSite: 'lax', path: '/', secure: req.secure });
    }
    next();
  };
}
