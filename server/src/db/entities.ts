import { productModules } from '../modules';
import { RateLimit } from '../shared/rate-limit.entity';

/** Every module's entities, and the rate limits' table that the HTTP layer shares. */
export const entities = [...productModules.flatMap((module) => module.entities ?? []), RateLimit];
