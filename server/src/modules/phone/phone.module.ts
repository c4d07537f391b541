import type { ProductModule } from '../product-module';
import { PhoneResolver } from './phone.resolver';
import { SignInCode, SignInCodeStat } from './sign-in-code.entity';
import { HELD_CODES_CRON, HELD_CODES_QUEUE, startHeldCodesRelease } from './held-codes-job';

export const phoneModule: ProductModule = {
  name: 'phone',
  resolvers: [PhoneResolver],
  entities: [SignInCode, SignInCodeStat],
  jobs: ({ jobs, auth, log }) => [{ queue: HELD_CODES_QUEUE, cron: HELD_CODES_CRON, phase: 'listening', start: () => startHeldCodesRelease(jobs, auth, log) }],
};
