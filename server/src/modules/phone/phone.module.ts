import type { ProductModule } from '../product-module';
import { PhoneResolver } from './phone.resolver';
import { SignInCode, SignInCodeStat } from './sign-in-code.entity';

export const phoneModule: ProductModule = {
  name: 'phone',
  resolvers: [PhoneResolver],
  entities: [SignInCode, SignInCodeStat],
};
