import type { ProductModule } from '../../kernel/product-module';
import { UserResolver } from './user.resolver';
import { User } from './user.entity';
// The old client's REST paths, relied on by integrators (rest/ holds the legacy shapes).
import { legacyUsersRouter } from '../../rest/legacy-users.router';

export const userModule: ProductModule = {
  name: 'user',
  resolvers: [UserResolver],
  entities: [User],
  routes: ({ db }) => [{ phase: 'rest', order: 20, router: legacyUsersRouter(db) }],
};
