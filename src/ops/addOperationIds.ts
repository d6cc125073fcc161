/** The HTTP methods of an OpenAPI path item (OpenAPI 3.1 §4.8.9). */
const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** The version segment every API path starts with: left out of the ids, which it would all prefix. */
const VERSION_SEGMENT = 'v1';

type OpenApiPaths = Record<string, Record<string, unknown> | undefined>;

/**
 * The stable `operationId` of an operation, from its method and OpenAPI path alone: the
 * lower-case method, then each segment after `/v1` in PascalCase, a path parameter as
 * `By<Name>`; the API index (no segment left) is `Index`.
 * For example `GET /v1/did-registry/identifiers/{did}` → `getDidRegistryIdentifiersByDid`.
 */
export function toOperationId(method: string, path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments[0] === VERSION_SEGMENT) segments.shift();
  const words = segments.map((segment) => {
    const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
    return parameter === undefined ? toPascalCase(segment) : `By${toPascalCase(parameter)}`;
  });
  return `${method.toLowerCase()}${words.join('') || 'Index'}`;
}

/**
 * Gives every operation of an OpenAPI document without an `operationId` the one
 * {@link toOperationId} makes, so that client generators name it the same on every build.
 * @throws {TypeError} when two operations would get the same id (a route to rename).
 */
export function addOperationIds<T extends { paths?: OpenApiPaths }>(document: T): T {
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of OPERATION_METHODS) {
      const operation = item?.[method] as { operationId?: string } | undefined;
      if (operation === undefined) continue;
      operation.operationId ??= toOperationId(method, path);
      const other = seen.get(operation.operationId);
      if (other !== undefined) {
        throw new TypeError(
          `OpenAPI: ${method.toUpperCase()} ${path} and ${other} have the operationId "${operation.operationId}"`,
        );
      }
      seen.set(operation.operationId, `${method.toUpperCase()} ${path}`);
    }
  }
  return document;
}

/** `openid-configuration` → `OpenidConfiguration`, `.well-known` → `WellKnown`, `revId` → `RevId`. */
function toPascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => `${word[0]?.toUpperCase()}${word.slice(1)}`)
    .join('');
}
