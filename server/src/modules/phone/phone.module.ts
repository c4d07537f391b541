import type { ProductModule } from '../../kernel/product-module';
import { secureCookies } from '../../config/env';
import { PhoneResolver } from './phone.resolver';
import { SignInCode, SignInCodeStat } from './sign-in-code.entity';
import { HELD_CODES_CRON, HELD_CODES_QUEUE, startHeldCodesRelease } from './held-codes-job';
import { createSmsProvider, type SmsProvider } from './sms-provider';
import { codeCookie, noCodeCookie, type CodeCookie } from './code-cookie';

declare module '../../kernel/services' {
  interface ModuleServices {
    /** The SMS gateway (SMS_PROVIDER), or null when none is set. */
    sms: SmsProvider | null;
  }
}

declare module '../../kernel/context' {
  interface RequestFields {
    /** The browser's sign-in code cookie: a code by SMS works only in the browser that asked for it. */
    codeCookie: CodeCookie;
  }
}

export const phoneModule: ProductModule = {
  name: 'phone',
  services: { sms: ({ env }) => createSmsProvider(env.sms) },
  resolvers: [PhoneResolver],
  entities: [SignInCode, SignInCodeStat],
  jobs: ({ jobs, auth, log }) => [{ queue: HELD_CODES_QUEUE, cron: HELD_CODES_CRON, phase: 'listening', start: () => startHeldCodesRelease(jobs, auth, log) }],
  requestFields: ({ env }, http) => ({ codeCookie: http ? codeCookie(http.req, http.res, secureCookies(env)) : noCodeCookie }),
};
