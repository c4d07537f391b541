import { createContext, useContext } from 'react';

/**
 * A form the browser sent itself (scripts off, or not there yet) and the server refused: the page
 * comes back drawn with the refusal's message, in the page's language, and what was typed in the
 * fields (never a password). The server's forms (server/src/http/page-forms.ts) write it; the page
 * carries it in `#root`'s `data-form`, so the scripts take the page over with the same message.
 */
export interface FormEcho {
  error?: string;
  /** The field the error is about, when it names one. */
  field?: string;
  values?: Record<string, string>;
  /** The step of a form of several: 'code' for the phone form once its code was sent; 'resetSent' for the sign-in form once Forgot Password mailed the link, 'resetEmpty' when it had no email. */
  step?: string;
  /** The phone form's code step: seconds until a new code may be asked for (static text without scripts). */
  resendAfterSeconds?: number;
  /** The phone form's code step after a wrong code: how many tries the browser's code has left. */
  triesLeft?: number;
}

export const FormEchoContext = createContext<FormEcho | null>(null);

/** The refused form's echo, when this page was drawn again for one. */
export function useFormEcho(): FormEcho | null {
  return useContext(FormEchoContext);
}

/** `#root`'s `data-form` (the echo the server drew the page with), or null. */
export function readFormEcho(container: HTMLElement): FormEcho | null {
  const text = container.dataset.form;
  if (!text) return null;
  try {
    return JSON.parse(text) as FormEcho;
  } catch {
    return null;
  }
}

/** The echo as an attribute value of `#root` (JSON, with its markup characters escaped). */
export function formEchoAttribute(echo: FormEcho): string {
  return JSON.stringify(echo).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
