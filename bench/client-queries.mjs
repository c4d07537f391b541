// The client's own GraphQL documents for the pages the bench measures, sent as the client sends them.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './product.mjs';

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

export const HOME =
  read('client/src/features/catalog/api/home-page.graphql') +
  read('client/src/components/course-card.graphql') +
  read('client/src/components/review-card.graphql');
export const COURSE_PAGE = read('client/src/features/course/api/course-page.graphql');
export const SEARCH = read('client/src/features/search/api/search-courses.graphql') + read('client/src/components/course-card.graphql');
