import type { ScopeName } from '../../auth/scopes.js';

/**
 * Track and Trace functions and the scopes that may call them through `/v1/ledger` (both legs
 * of the document commit–reveal use `track-and-trace:create`).
 * - Spec: SPEC.md §4.4
 */
export const TRACK_AND_TRACE_WRITES: Readonly<Record<string, readonly ScopeName[]>> = {
  authoriseDid: ['track-and-trace:authorise'],
  commitCreateDocument: ['track-and-trace:create'],
  createDocument: ['track-and-trace:create'],
  grantAccess: ['track-and-trace:write'],
  revokeAccess: ['track-and-trace:write'],
  writeEvent: ['track-and-trace:write'],
  removeDocument: ['track-and-trace:write'],
};
