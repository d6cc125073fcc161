import { EXPLORER_PATH } from '../../src/explorer/routes.js';
import { OPENAPI_PATH, REFERENCE_PATH } from '../../src/ops/openapi.js';

/** A route to fuzz: its path template (`{name}` and `{*}` for parameters) and what it declares. */
export type FuzzRoute = {
  /** The declared method, upper case. */
  method: string;
  /** e.g. `/v1/did-registry/identifiers/{did}`; `{*}` stands for any number of segments. */
  template: string;
  /** Query parameter names the route declares. */
  queryNames: readonly string[];
  /** Path and query parameters declared as integers: number parsing is where they break. */
  integerNames: readonly string[];
};

type OpenApiParameter = { in: string; name: string; schema?: { type?: string } };
type OpenApiOperation = { parameters?: OpenApiParameter[] };
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** Routes the OpenAPI document leaves out on purpose: itself, the API reference and the explorer. */
const HIDDEN_ROUTES: readonly FuzzRoute[] = [
  { method: 'GET', template: OPENAPI_PATH, queryNames: [], integerNames: [] },
  { method: 'GET', template: REFERENCE_PATH, queryNames: [], integerNames: [] },
  { method: 'GET', template: `${REFERENCE_PATH}/{*}`, queryNames: [], integerNames: [] },
  { method: 'GET', template: EXPLORER_PATH.slice(0, -1), queryNames: [], integerNames: [] },
  { method: 'GET', template: `${EXPLORER_PATH}{*}`, queryNames: [], integerNames: [] },
];

/**
 * Every route of a running node, read from its own OpenAPI document, so that a new route is
 * fuzzed without touching the fuzzer.
 */
export async function getFuzzRoutes(baseUrl: string): Promise<FuzzRoute[]> {
  const response = await fetch(`${baseUrl}${OPENAPI_PATH}`);
  if (!response.ok) throw new TypeError(`${OPENAPI_PATH} answered ${response.status}`);
  const document = (await response.json()) as OpenApiDocument;
  const routes = Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, { parameters = [] }]) => ({
      method: method.toUpperCase(),
      template,
      queryNames: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      integerNames: parameters.filter((p) => p.schema?.type === 'integer').map((p) => p.name),
    })),
  );
  return [...routes, ...HIDDEN_ROUTES];
}
