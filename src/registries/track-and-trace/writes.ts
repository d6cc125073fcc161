import { COMBINABLE_SCOPE, type ScopeRule, type WriteTable } from '../common/writeRules.js';

/**
 * Track and Trace scopes, and its functions with the scopes that may call them through
 * `/v1/ledger` (both legs of the document commit–reveal use `track-and-trace:create`; only
 * `track-and-trace:write` accepts a did:key holder).
 * - Spec: SPEC.md §4.4, §5.2, §5.3.3
 */
export const TRACK_AND_TRACE_SCOPES = {
  'track-and-trace:authorise': { alone: true, didKey: false },
  'track-and-trace:create': COMBINABLE_SCOPE,
  'track-and-trace:write': { alone: false, didKey: true },
} as const satisfies Record<string, ScopeRule>;

type Scope = keyof typeof TRACK_AND_TRACE_SCOPES;
const CREATE = { scopes: ['track-and-trace:create'] } as const;
const WRITE = { scopes: ['track-and-trace:write'] } as const;

export const TRACK_AND_TRACE_WRITES: WriteTable<Scope> = {
  authoriseDid: { scopes: ['track-and-trace:authorise'] },
  commitCreateDocument: CREATE,
  createDocument: CREATE,
  grantAccess: WRITE,
  revokeAccess: WRITE,
  writeEvent: WRITE,
  removeDocument: WRITE,
};
