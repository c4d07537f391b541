import { isGraphQLErrors } from '../../../lib/data';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { deviceCheckOf, solveDeviceCheck } from './device-check';
import { useSendSignInCodeMutation, useSignInWithCodeMutation, type SignInWithCodeMutation } from '../api/phone.generated';
import { describeError, errorFacts } from '../../../lib/graphql-errors';
import { latinDigits, localDigits } from '../../../lib/digits';
import { useLanguage, useT, type Translate } from '../../../lib/i18n';
import { FormError, TextField } from '../../../components/form-field';
import { useFormEcho } from '../../../lib/form-echo';
import { useHydrated } from '../../../lib/use-hydrated';
import { paths } from '../../../lib/paths';

/** Where the form posts without scripts (server/src/http/page-forms.ts): the code is sent, or checked when the form has one. */
const PHONE_FORM_ACTION = `${paths.login}/phone`;
/** Where "Send a new code" posts the code step without scripts: a new code to the same number, or the wait before one. */
const PHONE_RESEND_ACTION = `${PHONE_FORM_ACTION}/resend`;

export type CodeSignIn = SignInWithCodeMutation['signInWithCode'];

export interface CodeProblem {
  message: string;
  field: string | null;
  code?: string | null;
  /** After a wrong code: how many tries the browser's code has left (the server tells only that browser). */
  triesLeft?: number | null;
  /** Asked for a new code too soon (RESEND_TOO_SOON): seconds until it may be asked for. */
  retryAfterSeconds?: number | null;
}

/** A failed mutation's message and the field it names (`extensions.field` or `extensions.fields`), and the tries left and wait it carries. */
export function codeError(failure: unknown, t: Translate): CodeProblem & { code: string | null } {
  const described = describeError(failure, t);
  const first = isGraphQLErrors(failure) ? failure.errors[0] : undefined;
  const field = (first?.extensions?.field as string | undefined) ?? Object.keys(described.fields)[0] ?? null;
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    message: described.message,
    field,
    code: errorFacts(failure).code,
    triesLeft: number(first?.extensions?.triesLeft),
    retryAfterSeconds: number(first?.extensions?.retryAfterSeconds),
  };
}

/**
 * The wait before "Send a new code" works again, as the server said it (30 s after the first code,
 * 60 s after later ones): `secondsLeft` counts down each second to 0; `start(seconds)` begins a wait.
 */
export function useResendCountdown(initialSeconds = 0): { secondsLeft: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (secondsLeft <= 0) return;
    // The next tick when the shown second changes.
    const delay = Math.min(1000, Math.max(1, until - Date.now() - (secondsLeft - 1) * 1000));
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [secondsLeft, until, now]);
  const start = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  };
  return { secondsLeft, start };
}

/**
 * The "Send a new code" button: off, with the seconds left (in the page's digits), while the wait runs.
 * With `formAction`, it also works without scripts: it sends its form there (with scripts, `onClick` does the work).
 */
export function ResendButton({
  secondsLeft,
  busy,
  onClick,
  className,
  formAction,
}: {
  secondsLeft: number;
  busy: boolean;
  onClick: () => void;
  className?: string;
  formAction?: string;
}) {
  const t = useT();
  return (
    <button
      type={formAction ? 'submit' : 'button'}
      formAction={formAction}
      className={className ?? 'ui-button ui-plain ui-blue'}
      disabled={busy || secondsLeft > 0}
      onClick={(e) => {
        e.preventDefault();
        onClick();
      }}
    >
      {secondsLeft > 0 ? t('phone.resendIn', { seconds: secondsLeft }) : t('phone.resend')}
    </button>
  );
}

/** A wrong code's line: the tries its code has left; or, for a dead code, nothing more (its message says so). */
export function TriesLeft({ problem }: { problem: CodeProblem | null }) {
  const t = useT();
  if (!problem || problem.code === 'CODE_USED_UP' || typeof problem.triesLeft !== 'number' || problem.triesLeft <= 0) return null;
  return <p className="ui-muted">{t('phone.triesLeft', { count: problem.triesLeft })}</p>;
}

/** How long after a code is sent the page says an SMS can be late. */
export const LATE_SMS_MS = 60_000;

/**
 * Android Chrome reads the code from the SMS's last line (`@host #123456`, the WebOTP format) and
 * offers it; elsewhere `autocomplete="one-time-code"` lets the keyboard suggest it.
 */
export function useWebOtp(active: boolean, onCode: (code: string) => void): void {
  useEffect(() => {
    if (!active || typeof window === 'undefined' || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions)
      .then((credential) => {
        const code = (credential as { code?: string } | null)?.code;
        if (code) onCode(code);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [active, onCode]);
}

/** The code field every code form shares: numeric keyboard, one-time-code autofill, Bangla digits welcome. */
export function CodeInput({ value, onChange, invalid, error }: { value: string; onChange: (code: string) => void; invalid: boolean; error?: string }) {
  const t = useT();
  return (
    <TextField
      label={t('phone.code')}
      required
      invalid={invalid}
      error={error}
      name="code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(latinDigits(e.target.value).replace(/\D/g, '').slice(0, 6))}
    />
  );
}

/** The form's first step (the mobile number) as an address: the sign-in or sign-up page with the phone form, keeping where to go next. */
function numberStepAddress(mode: 'signIn' | 'signUp', next: string | undefined): string {
  const query = new URLSearchParams({ with: 'phone' });
  if (next && mode === 'signIn') query.set('next', next);
  return `${mode === 'signIn' ? paths.login : paths.signUp}?${query.toString()}`;
}

/**
 * Sign-in or sign-up with a mobile number: the number, then the code from the SMS (and a name, for a
 * number without an account). The server answers the code request the same way for every number.
 */
export function PhoneCodeForm({
  mode,
  next,
  onSignedIn,
  onUsePassword,
}: {
  mode: 'signIn' | 'signUp';
  /** Where to go once signed in, for the form the browser sends itself (no scripts). */
  next?: string;
  onSignedIn: (payload: CodeSignIn) => void;
  /** Offered when no code can come by SMS (the site's daily limit) or the SMS is late: sign in with email and password. */
  onUsePassword?: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const hydrated = useHydrated();
  // Drawn again by the server after the form was sent without scripts: the code step, or a refusal.
  const echo = useFormEcho();
  const echoed = echo?.values ?? {};
  const [phone, setPhone] = useState(echoed.phone ?? '');
  const phoneField = useRef<HTMLInputElement>(null);
  // A number typed while the scripts were still arriving (the page comes from the server) counts.
  useEffect(() => setPhone((typed) => typed || phoneField.current?.value || ''), []);
  const [code, setCode] = useState(echoed.code ?? '');
  const [name, setName] = useState(echoed.name ?? '');
  const [sentTo, setSentTo] = useState<string | null>(echo?.step === 'code' ? (echoed.phone ?? '') : null);
  // Asked for already when the page was drawn again with a name typed (after a new code was sent without scripts).
  const [askName, setAskName] = useState(mode === 'signUp' || echo?.field === 'name' || Boolean(echoed.name));
  const [error, setError] = useState<CodeProblem | null>(
    echo?.error ? { message: echo.error, field: echo.field ?? null, triesLeft: echo.triesLeft ?? null } : null,
  );
  // When "Send a new code" works again: the server says so with each code (and with a refusal asked too soon).
  const countdown = useResendCountdown(echo?.resendAfterSeconds ?? 0);
  // What the server needs beside the fields when the browser sends the form itself.
  const hidden = (
    <>
      <input type="hidden" name="mode" value={mode} />
      {next && <input type="hidden" name="next" value={next} />}
    </>
  );
  const [late, setLate] = useState(false);
  const [checkingDevice, setCheckingDevice] = useState(false);
  const [requestCode, { loading: sending }] = useSendSignInCodeMutation();
  const [signIn, { loading: checking }] = useSignInWithCodeMutation();
  useWebOtp(sentTo !== null, setCode);
  // A code not used a minute after it was sent: the SMS may be late (a busy gateway); say so.
  const [sentAt, setSentAt] = useState(0);
  useEffect(() => {
    setLate(false);
    if (sentTo === null) return;
    const timer = setTimeout(() => setLate(true), LATE_SMS_MS);
    return () => clearTimeout(timer);
  }, [sentTo, sentAt]);
  const passwordOffer = mode === 'signIn' && onUsePassword && (
    <button type="button" className="ui-button ui-plain ui-blue" onClick={onUsePassword}>
      {t('phone.usePassword')}
    </button>
  );

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    try {
      const { data } = await requestCode({ variables: { phone } }).catch(async (failure: unknown) => {
        // Many codes went unused lately: the phone proves itself with a little work, then asks again.
        const challenge = deviceCheckOf(failure);
        if (!challenge) throw failure;
        setCheckingDevice(true);
        const proofOfWork = await solveDeviceCheck(challenge).finally(() => setCheckingDevice(false));
        if (!proofOfWork) throw failure;
        return requestCode({ variables: { phone, proofOfWork } });
      });
      countdown.start(data?.sendSignInCode.resendAfterSeconds ?? 0);
      setSentTo(phone);
      setSentAt(Date.now());
      setCode('');
    } catch (failure) {
      const refusal = codeError(failure, t);
      if (refusal.code === 'RESEND_TOO_SOON' && refusal.retryAfterSeconds) countdown.start(refusal.retryAfterSeconds);
      setError(refusal);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const { data } = await signIn({ variables: { phone: sentTo ?? phone, code, name: name.trim() || null } });
      if (data) onSignedIn(data.signInWithCode);
    } catch (failure) {
      const problem = codeError(failure, t);
      if (problem.field === 'name' && !askName) {
        // A new number: the code stays valid; the name makes the account.
        setAskName(true);
        setError({ message: t('phone.nameForNew'), field: 'name' });
        return;
      }
      setError(problem);
    }
  };

  const problem = error && (
    <FormError message={error.message}>
      {/* No code can come by SMS today: the password is the way in, where the account has one. */}
      {error.code === 'SMS_UNAVAILABLE' && passwordOffer}
    </FormError>
  );

  if (sentTo === null) {
    return (
      <form method="post" action={PHONE_FORM_ACTION} onSubmit={(e) => void send(e)} noValidate aria-label={t('phone.formNumber')}>
        <div className="ui-stack">
          {hidden}
          <TextField
            ref={phoneField}
            label={t('phone.number')}
            hint={t('phone.numberHint')}
            required
            invalid={error?.field === 'phone'}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          {mode === 'signUp' && <p className="ui-muted auth-more">{t('phone.studentsOnly')}</p>}
          {problem}
          {checkingDevice && (
            <p className="ui-muted" role="status">
              {t('phone.checkingDevice')}
            </p>
          )}
          <button type="submit" className="ui-button ui-blue" disabled={hydrated && (sending || checkingDevice || !phone.trim())}>
            {sending || checkingDevice ? t('phone.sending') : t('phone.sendCode')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form method="post" action={PHONE_FORM_ACTION} onSubmit={(e) => void submit(e)} noValidate aria-label={t('phone.formCode')}>
      <div className="ui-stack">
        {hidden}
        <input type="hidden" name="phone" value={sentTo} />
        <p role="status">{t('phone.codeSent', { phone: localDigits(sentTo, language) })}</p>
        {late && (
          <p className="ui-muted" role="status">
            {mode === 'signIn' ? t('phone.late') : t('phone.lateSignUp')}
          </p>
        )}
        {late && passwordOffer}
        <CodeInput value={code} onChange={setCode} invalid={error?.field === 'code'} />
        {askName && (
          <TextField
            label={t('phone.name')}
            required
            invalid={error?.field === 'name'}
            name="name"
            type="text"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
        {problem}
        {error?.field === 'code' && <TriesLeft problem={error} />}
        <button type="submit" className="ui-button ui-blue" disabled={hydrated && (checking || code.length !== 6)}>
          {checking ? t('phone.checking') : askName ? t('phone.signUp') : t('phone.signIn')}
        </button>
        {/* Without scripts the wait is said once, as the server drew it. */}
        {!hydrated && countdown.secondsLeft > 0 && <p className="ui-muted">{t('phone.resendWait', { seconds: countdown.secondsLeft })}</p>}
        <div className="auth-links">
          {/* Without scripts it stays on (the wait is said above) and asks the server, which says the wait again if it is too soon. */}
          <ResendButton secondsLeft={hydrated ? countdown.secondsLeft : 0} busy={sending} onClick={() => void send()} formAction={PHONE_RESEND_ACTION} />
          {/* A link to the number step, so that it works without scripts too; with them, the step changes in place. */}
          <a
            className="ui-button ui-plain ui-blue"
            href={numberStepAddress(mode, next)}
            onClick={(event) => {
              event.preventDefault();
              setSentTo(null);
            }}
          >
            {t('phone.changeNumber')}
          </a>
        </div>
      </div>
    </form>
  );
}
