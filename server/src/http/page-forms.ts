import express, { Router, type Request, type Response } from 'express';
import type { GraphQLContext } from '../kernel/context';
import { text as keyedText, translateMessage } from '../i18n/translate';
import { AppError } from '../shared/errors';
import { inputOf, validateInput } from '../shared/validation';
import { requestPasswordReset, signUp } from '../modules/auth/auth.service';
import { answer, PasswordResetRequestArgs, SignUpInput } from '../modules/auth/auth.resolver';
import { startSession } from '../modules/auth/session.service';
import { SubscribeArgs } from '../modules/inbox/inbox.resolver';
import { subscribe } from '../modules/inbox/inbox.service';
import { requestSignInCode, signInWithCode } from '../modules/phone/phone-sign-in.service';
import { codeCookie as browserCodeCookie } from '../modules/phone/code-cookie';
import { Role } from '../kernel/role';
import { sendRendered } from './client-files';
import type { FormEcho, PageRenderer } from './server-rendered-pages';

/**
 * The sign-in, sign-up and phone-code forms as plain HTML forms, for a browser whose scripts are off
 * (or not there yet): each POST runs the same service as its GraphQL mutation, sets the same session
 * cookie, and answers 303 to where the visitor was going; a refusal draws the page again, with the
 * message in the page's language and what was typed (never a password). Forgot Password and the
 * phone form's "Send a new code" do what their mutations do and draw the page again with the outcome.
 *
 * Cross-site forgery: these POSTs set a session, so only this site's own pages may send them. A
 * browser says where the sending page is (Sec-Fetch-Site; Origin, or Referer, in older browsers); a
 * POST from another site, or that says nothing of where it comes from, is refused, as Apollo's CSRF
 * prevention refuses /graphql's.
 */
export const SAME_ORIGIN_REQUIRED = 'This form can only be sent from this site’s own page';
/** The sign-up page's box (its scripts keep the button off until it is ticked; without them, the server asks). */
export const TERMS_NOT_ACCEPTED = 'Accept the terms and conditions to make an account';

/** The sign-in hint the client sets after signing in (client/src/lib/session.ts, SIGNED_IN_HINT_COOKIE). */
const SIGNED_IN_HINT_COOKIE = 'shikhon_signed_in';
const HINT_DAYS = 30;

/** Form fields kept when a refused form is drawn again. */
const ECHOED = ['email', 'name', 'phone', 'date', 'role'] as const;

/**
 * Whether this site's own page sent the request: the browser's Sec-Fetch-Site when it sends one
 * (the site sends `Referrer-Policy: no-referrer`, so a form's Origin is "null" and it has no Referer);
 * otherwise its Origin, or without one its Referer, must be this site.
 */
export function sameOrigin(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const own = `${req.protocol}://${req.get('host') ?? ''}`;
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin === own;
  const referer = req.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === own;
  } catch {
    return false;
  }
}

/** `next` when it is an address of this site (never another site's); home otherwise. */
export function returnAddress(next: unknown): string {
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** Where the phone form posts, both its steps (client/src/features/account/components/phone-code-form.tsx). */
const PHONE_FORM = '/login/phone';
/** Where the phone form's "Send a new code" posts (the code step's fields; the code is ignored). */
const PHONE_RESEND_FORM = `${PHONE_FORM}/resend`;
/** Where the sign-in form's Forgot Password posts (its email field; the password is ignored): client/src/features/account/login-page.tsx. */
const FORGOT_PASSWORD_FORM = '/login/forgot-password';

/** Where the footer's newsletter form posts (client/src/components/layout/footer.tsx). */
const SUBSCRIBE_FORM = '/subscribe';

/** The page the phone form was on: the sign-up page's or the sign-in page's. */
const phonePage = (req: Request) => ((req.body as Record<string, unknown>).mode === 'signUp' ? '/signUp' : '/login');

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface PageFormsDeps {
  /** The request's GraphQL context: the same session, device and code cookies, language and address as a mutation's. */
  contextFor: (req: Request, res: Response) => GraphQLContext;
  renderPage?: PageRenderer;
}

export function pageFormsRouter({ contextFor, renderPage }: PageFormsDeps): Router {
  const router = Router();
  router.use(['/login', '/signUp', SUBSCRIBE_FORM], express.urlencoded({ extended: false, limit: '20kb' }));

  /** Signs the browser in: the refresh cookie (as the mutation's answer sets it), the device, the hint; then 303 onwards. */
  const signedIn = (req: Request, res: Response, ctx: GraphQLContext, session: Parameters<typeof answer>[1]) => {
    answer(ctx, session);
    ctx.device.remember(session.user.id);
    res.cookie(SIGNED_IN_HINT_COOKIE, '1', { maxAge: HINT_DAYS * 24 * 3600 * 1000, sameSite: 'strict', path: '/', secure: req.secure });
    res.redirect(303, returnAddress((req.body as Record<string, unknown>).next));
  };

  /** The page drawn again with the refusal (its status: the error's, 401 for wrong credentials). */
  const refused = async (req: Request, res: Response, page: string, error: unknown, echo: Partial<FormEcho> = {}) => {
    if (!(error instanceof AppError)) throw error;
    const language = req.language;
    const body = req.body as Record<string, unknown>;
    const fields = (error.details?.fields ?? {}) as Record<string, string>;
    const [field] = Object.keys(fields);
    const values = Object.fromEntries(ECHOED.filter((name) => typeof body[name] === 'string').map((name) => [name, text(body[name])]));
    const next = returnAddress(body.next);
    const triesLeft = error.details?.triesLeft;
    const form: FormEcho = {
      error: translateMessage(language, error.message),
      field: (error.details?.field as string | undefined) ?? field,
      ...(typeof triesLeft === 'number' ? { triesLeft } : {}),
      ...echo,
      values: { ...values, ...echo.values, ...(next === '/' ? {} : { next }) },
    };
    res.status(error.httpStatus);
    if (typeof error.details?.retryAfterSeconds === 'number') res.setHeader('Retry-After', String(error.details.retryAfterSeconds));
    res.setHeader('Cache-Control', 'no-store');
    const drawn = await renderPage?.withForm?.(page, { cookieHeader: req.headers.cookie, language }, form);
    if (drawn) return sendRendered(req, res, drawn);
    // No renderer (or it is busy): the message alone, with the way back.
    res.type('html').send(notice(language, 'alert', form.error ?? translateMessage(language, error.message), page));
  };

  const guarded =
    (page: (req: Request) => string, handle: (req: Request, res: Response, ctx: GraphQLContext) => Promise<void>) => async (req: Request, res: Response) => {
      if (!sameOrigin(req)) {
        res.status(403).type('text').send(translateMessage(req.language, SAME_ORIGIN_REQUIRED));
        return;
      }
      const ctx = contextFor(req, res);
      try {
        await handle(req, res, ctx);
      } catch (error) {
        await refused(req, res, page(req), error, (error as { echo?: Partial<FormEcho> }).echo);
      }
    };

  const withNext = (path: string, req: Request, extra: Record<string, string> = {}) => {
    const next = returnAddress((req.body as Record<string, unknown>).next);
    const query = new URLSearchParams({ ...extra, ...(next === '/' ? {} : { next }) }).toString();
    return query ? `${path}?${query}` : path;
  };

  /** `next` as a field of an echo, when it is not home. */
  const echoedNext = (req: Request): Record<string, string> => {
    const next = returnAddress((req.body as Record<string, unknown>).next);
    return next === '/' ? {} : { next };
  };

  /** The phone form's code step after a code was sent to `phone`: the wait before the next is said as the server drew it. */
  const codeStep = async (req: Request, res: Response, phone: string, resendAfterSeconds: number) => {
    res.setHeader('Cache-Control', 'no-store');
    const body = req.body as Record<string, unknown>;
    const form: FormEcho = {
      step: 'code',
      resendAfterSeconds,
      // A name typed for a new number stays; the code of the code before does not.
      values: { phone, ...(typeof body.name === 'string' && body.name ? { name: body.name } : {}), ...echoedNext(req) },
    };
    const drawn = await renderPage?.withForm?.(
      withNext(phonePage(req), req, { with: 'phone' }),
      { cookieHeader: req.headers.cookie, language: req.language },
      form,
    );
    if (drawn) return sendRendered(req, res, drawn);
    res.type('text').send(phone);
  };

  router.post(
    '/login',
    guarded(
      (req) => withNext('/login', req),
      async (req, res, ctx) => {
        const body = req.body as Record<string, unknown>;
        const user = await ctx.checkPassword(text(body.email), text(body.password));
        signedIn(req, res, ctx, await startSession(ctx.db, ctx.auth.jwtSecret, user));
      },
    ),
  );

  router.post(
    '/signUp',
    guarded(
      (req) => withNext('/signUp', req),
      async (req, res, ctx) => {
        const body = req.body as Record<string, unknown>;
        const role = body.role === Role.INSTRUCTOR ? Role.INSTRUCTOR : Role.STUDENT;
        if (!body.terms) throw new AppError('BAD_USER_INPUT', TERMS_NOT_ACCEPTED);
        const input = await validateInput(
          inputOf(SignUpInput, {
            name: text(body.name),
            email: text(body.email),
            password: text(body.password),
            phone: text(body.phone),
            date: text(body.date),
            role,
          }),
        );
        signedIn(req, res, ctx, await signUp(ctx.auth, input, ctx.clientAddress, ctx.language));
      },
    ),
  );

  // The phone form: without `code`, sends the code and draws the code step; with it, signs in.
  router.post(
    PHONE_FORM,
    guarded(
      (req) => withNext(phonePage(req), req, { with: 'phone' }),
      async (req, res, ctx) => {
        const body = req.body as Record<string, unknown>;
        const phone = text(body.phone);
        // The browser's code cookie, sent to this form's address (the app's is sent to /graphql only).
        const codeCookie = browserCodeCookie(req, res, req.secure, PHONE_FORM);
        if (!('code' in body)) {
          const { resendAfterSeconds } = await requestSignInCode(ctx.auth, phone, ctx.clientAddress, ctx.language, codeCookie, null);
          return codeStep(req, res, phone, resendAfterSeconds);
        }
        const name = text(body.name).trim() || null;
        try {
          signedIn(req, res, ctx, await signInWithCode(ctx.auth, { phone, code: text(body.code), name }, ctx.clientAddress, ctx.language, codeCookie));
        } catch (error) {
          // Still the code step: the code (when only the name was missing) and the number stay.
          throw error instanceof AppError ? Object.assign(error, { echo: { step: 'code', values: { code: text(body.code) } } }) : error;
        }
      },
    ),
  );

  // The code step's "Send a new code": a new code to the same number, with the same waits (30 s, then
  // 60 s) and limits as sendSignInCode; too soon, the page says the wait again (429, nothing sent).
  router.post(
    PHONE_RESEND_FORM,
    guarded(
      (req) => withNext(phonePage(req), req, { with: 'phone' }),
      async (req, res, ctx) => {
        const phone = text((req.body as Record<string, unknown>).phone);
        const codeCookie = browserCodeCookie(req, res, req.secure, PHONE_FORM);
        try {
          const { resendAfterSeconds } = await requestSignInCode(ctx.auth, phone, ctx.clientAddress, ctx.language, codeCookie, null);
          await codeStep(req, res, phone, resendAfterSeconds);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const wait = error.details?.retryAfterSeconds;
          // Still the code step, for the same number. Asked too soon: the wait line says it (its message would say it twice).
          const echo: Partial<FormEcho> =
            error.code === 'RESEND_TOO_SOON' && typeof wait === 'number' ? { step: 'code', resendAfterSeconds: wait, error: undefined } : { step: 'code' };
          throw Object.assign(error, { echo });
        }
      },
    ),
  );

  // Forgot Password: mails a reset link as requestPasswordReset does (the same rule for the address, the
  // same limits, the same answer whether or not an account has it), then draws the sign-in page saying so.
  router.post(
    FORGOT_PASSWORD_FORM,
    guarded(
      (req) => withNext('/login', req),
      async (req, res, ctx) => {
        const typed = text((req.body as Record<string, unknown>).email);
        try {
          const { email } = await validateInput(inputOf(PasswordResetRequestArgs, { email: typed }));
          await requestPasswordReset(ctx.auth, email, ctx.clientAddress);
        } catch (error) {
          // Nothing typed: the page asks for the email as its scripts do.
          throw error instanceof AppError && !typed.trim() ? Object.assign(error, { echo: { step: 'resetEmpty' } }) : error;
        }
        res.setHeader('Cache-Control', 'no-store');
        const form: FormEcho = { step: 'resetSent', values: { email: typed, ...echoedNext(req) } };
        const drawn = await renderPage?.withForm?.(withNext('/login', req), { cookieHeader: req.headers.cookie, language: req.language }, form);
        if (drawn) return sendRendered(req, res, drawn);
        // No renderer (or it is busy): the outcome alone, with the way back.
        res.type('html').send(notice(req.language, 'status', keyedText(req.language, 'form.resetSent'), '/login'));
      },
    ),
  );
  // The footer's newsletter form, sent before its scripts took it over (the footer loads after the
  // page): subscribes as the `subscribe` mutation does, with its rule and limit, and answers with a
  // page that says so, or why not, and leads back to the page it was sent from.
  router.post(SUBSCRIBE_FORM, async (req, res) => {
    const language = req.language;
    if (!sameOrigin(req)) {
      res.status(403).type('text').send(translateMessage(language, SAME_ORIGIN_REQUIRED));
      return;
    }
    const body = req.body as Record<string, unknown>;
    const back = returnAddress(body.next);
    res.setHeader('Cache-Control', 'no-store');
    try {
      const { email } = await validateInput(inputOf(SubscribeArgs, { email: text(body.email) }));
      const ctx = contextFor(req, res);
      await subscribe(ctx.db, ctx.clientAddress, email);
      res.type('html').send(notice(language, 'status', keyedText(language, 'form.subscribed'), back));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.status(error.httpStatus);
      if (typeof error.details?.retryAfterSeconds === 'number') res.setHeader('Retry-After', String(error.details.retryAfterSeconds));
      res.type('html').send(notice(language, 'alert', translateMessage(language, error.message), back));
    }
  });
  return router;
}

/** A page of one line (the outcome of a form) and the way back to the page the form was on. */
function notice(language: string, role: 'status' | 'alert', message: string, back: string): string {
  return `<!doctype html><html lang="${language}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(message)}</title><p role="${role}">${escapeHtml(message)}</p><a href="${escapeHtml(back)}">←</a></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
