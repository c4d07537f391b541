import { optional, parseBoolean, wholeNumber, type Source } from './setting-readers';

/** Sign-in by mobile number and the SMS that carry its codes (and notices to accounts without email). */
export interface SmsEnv {
  /** PHONE_SIGN_IN=false turns sign-in and sign-up by mobile number off (on by default). */
  phoneSignIn: boolean;
  /** SMS_PROVIDER: `bulksmsbd`; unset, messages stay in the outbox (never in production while phone sign-in is on). */
  provider?: 'bulksmsbd';
  /** BULKSMSBD_API_KEY, BULKSMSBD_SENDER_ID and optionally BULKSMSBD_URL. */
  bulkSmsBd?: { apiKey: string; senderId: string; url: string; timeoutSeconds: number };
  /** SMS_DAILY_BUDGET: sign-in codes the site sends in a day (Asia/Dhaka); past it new codes wait and admins are told. */
  dailyBudget: number;
  /** SMS_PUMPING_CHECK=false never asks new numbers for a proof of work when codes go unused (on by default). */
  pumpingCheck: boolean;
}

/** Mail goes out from the job queue: short timeouts, retries with backoff. */
export interface MailEnv {
  /** MAIL_TIMEOUT_SECONDS: how long one attempt may wait on the SMTP server (connecting, greeting, each reply). */
  timeoutSeconds: number;
  /** MAIL_RETRY_DELAY_SECONDS: the first retry waits about this long, each later one twice as long. */
  retryDelaySeconds: number;
  /** MAIL_RETRIES: retries before a message is shown to admins as failed (they can send it again). */
  retryLimit: number;
}

export function parseSms(src: Source, problems: string[]): SmsEnv {
  const phoneSignIn = parseBoolean('PHONE_SIGN_IN', optional(src, 'PHONE_SIGN_IN'), true, problems);
  const dailyBudget = wholeNumber(src, 'SMS_DAILY_BUDGET', 2000, 0, 10_000_000, problems);
  const pumpingCheck = parseBoolean('SMS_PUMPING_CHECK', optional(src, 'SMS_PUMPING_CHECK'), true, problems);
  const provider = optional(src, 'SMS_PROVIDER');
  if (provider === undefined) return { phoneSignIn, dailyBudget, pumpingCheck };
  if (provider !== 'bulksmsbd') {
    problems.push(`SMS_PROVIDER can only be "bulksmsbd" (got "${provider}")`);
    return { phoneSignIn, dailyBudget, pumpingCheck };
  }
  const apiKey = optional(src, 'BULKSMSBD_API_KEY');
  const senderId = optional(src, 'BULKSMSBD_SENDER_ID');
  if (!apiKey || !senderId) problems.push('SMS_PROVIDER=bulksmsbd needs BULKSMSBD_API_KEY and BULKSMSBD_SENDER_ID');
  const url = optional(src, 'BULKSMSBD_URL') ?? 'https://bulksmsbd.net/api/smsapi';
  if (!/^https?:\/\//.test(url)) problems.push(`BULKSMSBD_URL must be an http(s):// URL (got "${url}")`);
  const timeoutSeconds = wholeNumber(src, 'SMS_TIMEOUT_SECONDS', 10, 1, 120, problems);
  return { phoneSignIn, dailyBudget, pumpingCheck, provider, bulkSmsBd: { apiKey: apiKey ?? '', senderId: senderId ?? '', url, timeoutSeconds } };
}

export function parseMail(src: Source, problems: string[]): MailEnv {
  return {
    timeoutSeconds: wholeNumber(src, 'MAIL_TIMEOUT_SECONDS', 10, 1, 120, problems),
    retryDelaySeconds: wholeNumber(src, 'MAIL_RETRY_DELAY_SECONDS', 30, 1, 3600, problems),
    retryLimit: wholeNumber(src, 'MAIL_RETRIES', 12, 0, 30, problems),
  };
}
