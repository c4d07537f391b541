import { Router } from 'express';
import type { ProductModule } from '../../kernel/product-module';
import { ExampleNote } from './example-note.entity';
import { ExampleNoteResolver } from './example-note.resolver';
import { EXAMPLE_NOTE_QUEUE, ExampleNotes } from './example-notes.service';

declare module '../../kernel/services' {
  interface ModuleServices {
    /** The example module's service (tests only). */
    exampleNotes: ExampleNotes;
  }
}

/** A module as a new feature would be written: its own folder, this manifest, and one line in the list of modules. */
export const exampleModule: ProductModule = {
  name: 'example',
  services: { exampleNotes: ({ db, jobs }) => new ExampleNotes(db, jobs) },
  resolvers: [ExampleNoteResolver],
  entities: [ExampleNote],
  routes: ({ exampleNotes }) => [
    {
      phase: 'rest',
      order: 90,
      router: Router().get('/api/example-notes/count', (_req, res, next) => {
        exampleNotes
          .count()
          .then((count) => res.json({ count }))
          .catch(next);
      }),
    },
  ],
  jobs: ({ exampleNotes }) => [{ queue: EXAMPLE_NOTE_QUEUE, phase: 'before-listening', start: () => exampleNotes.work() }],
};
