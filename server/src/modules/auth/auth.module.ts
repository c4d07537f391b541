import type { ProductModule } from '../product-module';
import { AuthResolver } from './auth.resolver';
import { RefreshToken } from './refresh-token.entity';
import { PasswordReset } from './password-reset.entity';
import { EmailVerification } from './email-verification.entity';

export const authModule: ProductModule = {
  name: 'auth',
  resolvers: [AuthResolver],
  entities: [RefreshToken, PasswordReset, EmailVerification],
};
