import type { ProductModule } from '../../kernel/product-module';
import { BlogResolver } from './blog.resolver';
import { Blog } from './blog.entity';

export const blogModule: ProductModule = {
  name: 'blog',
  resolvers: [BlogResolver],
  entities: [Blog],
};
