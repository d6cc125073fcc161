import fc from 'fast-check';
import type { Environment } from '../../src/genesis/environment.js';
import { brokenRequest } from './brokenRequests.js';
import type { Probe } from './createCrashWatch.js';
import { type FuzzRequest, LEDGER_PATH, TOKEN_PATH } from './fuzzRequest.js';
import { type KnownValues, parameterValues } from './hostileValues.js';
import type { FuzzRoute } from './openApiRoutes.js';
import { ledgerRequest, tokenRequest, trqpRequest } from './postRequests.js';
import { restRequest } from './restRequests.js';

/** Paths no route serves, for the 404 and 405 answers. */
const ANY_PATH: FuzzRoute = { method: 'GET', template: '/{*}', queryNames: [], integerNames: [] };

/** What the node's environment makes real: its contracts and its operator's DID. */
export function knownValuesOf(environment: Environment): KnownValues {
  return {
    addresses: [environment.contractsRegistry, ...Object.values(environment.registries)],
    dids: [environment.operatorDid],
  };
}

/**
 * A probe of any kind: each REST route one share, the ledger and token endpoints more (their
 * bodies have most to explore), unknown paths and broken HTTP some.
 */
export function anyProbe(routes: readonly FuzzRoute[], known: KnownValues): fc.Arbitrary<Probe> {
  const values = parameterValues(known);
  const probe = (path: string, request: fc.Arbitrary<FuzzRequest>, weight: number) => ({
    weight,
    arbitrary: request.map((value) => ({ path, request: value })),
  });
  const perRoute = routes.map((route) => {
    if (route.template === LEDGER_PATH) return probe(LEDGER_PATH, ledgerRequest(known), 24);
    if (route.template === TOKEN_PATH) return probe(TOKEN_PATH, tokenRequest(known), 10);
    if (route.method === 'POST' && route.template.startsWith('/v1/trqp/'))
      return probe(route.template, trqpRequest(route.template, known), 4);
    return probe(route.template, restRequest(route, values), 1);
  });
  return fc.oneof(
    ...perRoute,
    probe('(any path)', restRequest(ANY_PATH, values), 2),
    probe('(broken HTTP)', brokenRequest(routes), 4),
  );
}
