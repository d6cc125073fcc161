import type { FastifyInstance, HTTPMethods } from 'fastify';

/** Methods a 405 can name. OPTIONS belongs to CORS, which answers it on every path. */
const CANDIDATES: readonly HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The methods the route table serves on `path`, for the `Allow` header of a 405. Derived from
 * the router itself, so that no route carries a hand-written list.
 * - Spec: SPEC.md §4 (405 with `Allow`)
 */
export function findAllowedMethods(app: FastifyInstance, path: string): HTTPMethods[] {
  return CANDIDATES.filter((method) => app.findRoute({ method, url: path }) !== null);
}
