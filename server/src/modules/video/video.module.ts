import type { ProductModule } from '../product-module';
import { LessonVideoResolver } from './video.resolver';
import { LessonVideoMessageResolver } from './video-messages';
import { LessonVideo } from './lesson-video.entity';

export const videoModule: ProductModule = {
  name: 'video',
  resolvers: [LessonVideoResolver, LessonVideoMessageResolver],
  entities: [LessonVideo],
};
