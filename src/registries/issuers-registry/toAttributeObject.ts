import { type Hex, hexToString } from 'viem';
import type { IssuerType } from '../../identity/issuerTypes.js';
import type { AttributeRevision } from './views.js';

/** read-api.md §3.3 `AttributeObject`: one revision of an attribute, as the API shows it. */
export type AttributeObject = {
  /** The revision id. */
  hash: Hex;
  /** The stored data decoded as UTF-8 (an accreditation credential JWT), `''` for metadata. */
  body: string;
  issuerType: IssuerType;
  /** DID of the accrediting TAO (a RootTAO names itself). */
  tao: string;
  /** DID of the RootTAO the chain ends at. */
  rootTao: string;
};

/**
 * The API view of a revision. Ids keep their `0x` (read-api.md §3.3 strips it; one form for
 * every id of the API is simpler for clients, and input accepts both).
 * - Spec: SPEC.md §2.10; reference/read-api.md §3.3
 */
export function toAttributeObject(revision: AttributeRevision): AttributeObject {
  return {
    hash: revision.revisionId,
    body: hexToString(revision.attributeData),
    issuerType: revision.issuerType,
    tao: revision.taoDid,
    rootTao: revision.rootTaoDid,
  };
}
