/**
 * `node:zlib` has no synchronous counterpart in the browser: a GZIP status list cannot be read
 * by the explorer's verifier, and its status check fails saying so.
 */
export function gunzipSync(): never {
  throw new TypeError('GZIP status lists cannot be read in the browser');
}
