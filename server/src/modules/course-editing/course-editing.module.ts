import type { ProductModule } from '../../kernel/product-module';

/** Course writing rules (`course-editing.service.ts`), used by the course and admin resolvers; no transport of its own. */
export const courseEditingModule: ProductModule = { name: 'course-editing' };
