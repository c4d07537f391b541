import type { ProductModule } from '../../kernel/product-module';
import { Bundle } from './bundle.entity';
import { BundleResolver } from './bundle.resolver';

/** Bundles of courses: made by admins, sold in one payment through the payment module's checkout and settlement. */
export const bundleModule: ProductModule = {
  name: 'bundle',
  resolvers: [BundleResolver],
  entities: [Bundle],
};
