import { productModules } from '../modules';
import type { ProductModule } from '../kernel/product-module';
import { RateLimit } from '../shared/rate-limit.entity';

/** The offline payment imitations' tables, outside production only (production never loads payments/offline/). */
function offlineEntities(): Array<new () => unknown> {
  if (process.env.NODE_ENV === 'production') return [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../payments/offline/entities') as { offlineEntities: Array<new () => unknown> }).offlineEntities;
}

/** Every module's entities, the rate limits' table that the HTTP layer shares, and the offline imitations' tables. */
export const entitiesOf = (modules: readonly ProductModule[]) => [...modules.flatMap((module) => module.entities ?? []), RateLimit, ...offlineEntities()];

export const entities = entitiesOf(productModules);
