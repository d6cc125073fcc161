import fc from 'fast-check';
import type { FuzzRequest } from './fuzzRequest.js';
import type { FuzzRoute } from './openApiRoutes.js';

type Breakage = Pick<FuzzRequest, 'version' | 'rawHeaderLines' | 'headers' | 'body'> & {
  method?: string;
};

/** Requests the HTTP parser itself must refuse, each with a well-formed answer. */
const BREAKAGES: readonly Breakage[] = [
  { headers: [], version: 'HTTP/9.9' },
  { headers: [], version: 'HTTX/1.1' },
  { headers: [], version: 'HTTP/1.1 extra' },
  { headers: [], method: 'G@T' },
  { headers: [], rawHeaderLines: ['X-Fuzz no colon'] },
  { headers: [], rawHeaderLines: ['X Fuzz: space in name'] },
  { headers: [], rawHeaderLines: ['X-Fuzz: a', ' folded continuation'] },
  { headers: [], rawHeaderLines: ['X-Fuzz: nul\u0000byte'] },
  { headers: [], rawHeaderLines: ['Content-Length: 1', 'Content-Length: 2'], body: 'ab' },
  { headers: [], rawHeaderLines: ['Content-Length: -1'] },
  { headers: [], rawHeaderLines: ['Content-Length: 1e3'] },
  {
    headers: [],
    rawHeaderLines: ['Content-Length: 5', 'Transfer-Encoding: chunked'],
    body: '0\r\n\r\n',
  },
  { headers: [], rawHeaderLines: ['Transfer-Encoding: chunked'], body: 'zz\r\nab\r\n0\r\n\r\n' },
  { headers: [], rawHeaderLines: ['Transfer-Encoding: gzip, chunked'], body: '0\r\n\r\n' },
];

/**
 * A request on a route's path (parameters left as written) broken at the HTTP level: bad
 * version, method or header syntax, conflicting lengths, bad chunking.
 */
export function brokenRequest(routes: readonly FuzzRoute[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(fc.constantFrom(...routes), fc.constantFrom(...BREAKAGES))
    .map(([route, { method, ...breakage }]) => ({
      ...breakage,
      method: method ?? route.method,
      target: route.template,
    }));
}
