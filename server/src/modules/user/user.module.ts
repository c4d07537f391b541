import type { ProductModule } from '../product-module';
import { UserResolver } from './user.resolver';
import { User } from './user.entity';

export const userModule: ProductModule = {
  name: 'user',
  resolvers: [UserResolver],
  entities: [User],
};
