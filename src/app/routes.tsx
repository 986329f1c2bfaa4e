import type { RouteObject } from 'react-router';
import { HomePage } from '../views/pages/home-page';
import { NotFoundPage } from '../views/pages/not-found-page';

// The route table as data. Placeholder: the full table of the spec's section 2, with each
// route's layout and guard, comes with the app shell.
export const routes: RouteObject[] = [
  { path: '/', Component: HomePage },
  { path: '*', Component: NotFoundPage },
];
