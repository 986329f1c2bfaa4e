import { data } from 'react-router';

/**
 * Throw from a route's loader when its params name nothing that can exist: the route error
 * boundary shows it exactly like an unknown path, 404 "Page not found: {path}".
 */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}
