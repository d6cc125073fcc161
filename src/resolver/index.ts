// The DID resolver entry point, published as `core-registry/resolver`: did:core and did:key
// method drivers for the DIF `did-resolver` package, for relying parties.

export {
  type GetKeyResolverReturnType,
  getKeyResolver,
  toDidKeyDocument,
} from './getKeyResolver.js';
export {
  type DocumentProof,
  type GetResolverParameters,
  type GetResolverReturnType,
  getResolver,
} from './getResolver.js';
export {
  DID_JSON,
  DID_LD_JSON,
  type LdDidDocument,
  type Representation,
} from './representation.js';
export {
  RESOLUTION_ERRORS,
  type ResolutionError,
  type ResolutionFailure,
} from './resolutionResult.js';
