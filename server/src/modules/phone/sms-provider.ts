import type { SmsEnv } from '../../config/messaging-settings';

/**
 * SMS gateways behind one small interface. The outbox (modules/mail) writes every SMS first; a queue
 * job hands it to the provider, so no request waits on a gateway. Without a provider (development,
 * tests) messages stay in the outbox, where the offline flows and the browser tests read them.
 */

/** A gateway's refusal, in its own words; `permanent` when retrying cannot help (a wrong key, a refused number). */
export class SmsGatewayError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

export interface SmsProvider {
  /** The provider's name, as SMS_PROVIDER spells it. */
  readonly name: string;
  /** Hands one message to the gateway; `to` is +8801XXXXXXXXX. Throws SmsGatewayError when the gateway refuses it. */
  send(to: string, text: string): Promise<{ providerRef: string | null }>;
}

export interface BulkSmsBdSettings {
  apiKey: string;
  senderId: string;
  /** The single-SMS endpoint; BulkSMSBD's own unless set (tests point it at a local imitation). */
  url: string;
  timeoutSeconds: number;
}

/** Over TLS: the request carries the gateway key and every sign-in code. */
export const BULKSMSBD_URL = 'https://bulksmsbd.net/api/smsapi';

/** BulkSMSBD's documented result codes (anything but 202 is a refusal). */
const BULKSMSBD_CODES: Record<number, string> = {
  202: 'SMS Submitted Successfully',
  1001: 'Invalid Number',
  1002: 'sender id not correct/sender id is disabled',
  1003: 'Please Required all fields/Contact Your System Administrator',
  1005: 'Internal Error',
  1006: 'Balance Validity Not Available',
  1007: 'Balance Insufficient',
  1011: 'User Id not found',
  1012: 'Masking SMS must be sent in Bengali',
  1013: 'Sender Id has not found Gateway by api key',
  1014: 'Sender Type Name not found using this sender by api key',
  1015: 'Sender Id has not found Any Valid Gateway by api key',
  1016: 'Sender Type Name Active Price Info not found by this sender id',
  1017: 'Sender Type Name Price Info not found by this sender id',
  1018: 'The Owner of this (username) Account is disabled',
  1019: 'The (sender type name) Price of this (username) Account is disabled',
  1020: 'The parent of this account is not found.',
  1021: 'The parent active (sender type name) price of this account is not found.',
  1031: 'Your Account Not Verified',
  1032: 'IP Not whitelisted',
};
/** Codes worth retrying: the gateway's own trouble or a balance that may be topped up. */
const BULKSMSBD_TRANSIENT = new Set([1005, 1006, 1007]);

/**
 * BulkSMSBD (bulksmsbd.com), from its HTTP API documentation: the single-SMS API takes `api_key`,
 * `type=text`, `number` (88017XXXXXXXX, no +), `senderid` (an approved sender id) and `message`, by GET
 * or POST, and answers JSON with `response_code` 202 when the SMS is submitted, another code when not.
 * Bangla text is sent as it is (UTF-8, form-encoded).
 */
export function bulkSmsBd(settings: BulkSmsBdSettings): SmsProvider {
  return {
    name: 'bulksmsbd',
    async send(to, text) {
      const body = new URLSearchParams({
        api_key: settings.apiKey,
        type: 'text',
        number: to.replace(/^\+/, ''),
        senderid: settings.senderId,
        message: text,
      });
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(settings.timeoutSeconds * 1000),
        });
      } catch (error) {
        // The key travels in the body, never in the message: only the error's name and text are kept.
        throw new SmsGatewayError(`BulkSMSBD could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      const raw = await response.text();
      if (!response.ok) throw new SmsGatewayError(`BulkSMSBD answered HTTP ${response.status}`, response.status >= 400 && response.status < 500);
      let answer: { response_code?: number | string; message_id?: number | string; error_message?: string; success_message?: string };
      try {
        answer = JSON.parse(raw) as typeof answer;
      } catch {
        // Some accounts get the bare code as text.
        answer = { response_code: raw.trim() };
      }
      const code = Number(answer.response_code);
      if (code === 202) return { providerRef: answer.message_id === undefined ? null : String(answer.message_id) };
      const meaning = BULKSMSBD_CODES[code] ?? answer.error_message ?? 'unknown answer';
      throw new SmsGatewayError(`BulkSMSBD refused the SMS: ${Number.isFinite(code) ? code : '?'} ${meaning}`, !BULKSMSBD_TRANSIENT.has(code));
    },
  };
}

/** The configured provider, or null: messages stay in the outbox. */
export function createSmsProvider(env: SmsEnv): SmsProvider | null {
  if (env.provider === 'bulksmsbd' && env.bulkSmsBd) return bulkSmsBd(env.bulkSmsBd);
  return null;
}
