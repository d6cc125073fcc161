import type { Hex } from 'viem';
import { jwkThumbprint, toPublicJwk } from '../../identity/jwk.js';
import {
  COMBINABLE_SCOPE,
  type ScopeRule,
  type WriterToken,
  type WriteTable,
} from '../common/writeRules.js';

/**
 * DID Registry scopes (`did-registry:invite` registers the holder's own, not yet registered DID).
 * - Spec: SPEC.md §5.2, §5.3.3
 */
export const DID_REGISTRY_SCOPES = {
  'did-registry:invite': { alone: true, didKey: false },
  'did-registry:write': COMBINABLE_SCOPE,
} as const satisfies Record<string, ScopeRule>;

type Scope = keyof typeof DID_REGISTRY_SCOPES;
const WRITE = { scopes: ['did-registry:write'] } as const;

/**
 * DID Registry functions, the scopes that may call them through `/v1/ledger` and the argument
 * rules of SPEC.md §4.4: `insertDidDocument` registers the token's own DID and exactly the key its
 * `cnf.jkt` names, sent by that key (argument 3); `addVerificationMethod` and
 * `rollVerificationMethod` name a key by its RFC 7638 thumbprint.
 * - Spec: SPEC.md §4.4
 */
export const DID_REGISTRY_WRITES: WriteTable<Scope> = {
  insertDidDocument: {
    scopes: ['did-registry:invite'],
    checkArguments: checkInsertDidDocument,
    senderKeyArgument: 3,
  },
  addController: WRITE,
  addVerificationMethod: {
    ...WRITE,
    checkArguments: async (args) => {
      const [, vMethodId, publicKey, isSecp256k1] = args as [string, string, Hex, boolean];
      return checkThumbprint(vMethodId, publicKey, isSecp256k1);
    },
  },
  addVerificationRelationship: WRITE,
  expireVerificationMethod: WRITE,
  revokeController: WRITE,
  revokeVerificationMethod: WRITE,
  rollVerificationMethod: {
    ...WRITE,
    checkArguments: async (args) => {
      const [roll] = args as [{ vMethodId: string; publicKey: Hex; isSecp256k1: boolean }];
      return checkThumbprint(roll.vMethodId, roll.publicKey, roll.isSecp256k1);
    },
  },
  updateBaseDocument: WRITE,
};

async function checkInsertDidDocument(
  args: readonly unknown[],
  token: WriterToken,
): Promise<string | undefined> {
  const [did, , vMethodId, publicKey] = args as [string, string, string, Hex, boolean];
  if (did !== token.sub) return `"insertDidDocument" must register the token's DID "${token.sub}"`;
  const thumbprint = await thumbprintOf(publicKey, true);
  if (thumbprint === undefined || thumbprint !== token.jkt) {
    return 'the key of "insertDidDocument" is not the key proven for the token ("cnf.jkt")';
  }
  if (vMethodId !== thumbprint)
    return `"vMethodId" must be the thumbprint of "publicKey" (${thumbprint})`;
  return undefined;
}

async function checkThumbprint(
  vMethodId: string,
  publicKey: Hex,
  isSecp256k1: boolean,
): Promise<string | undefined> {
  const thumbprint = await thumbprintOf(publicKey, isSecp256k1);
  if (thumbprint === undefined) return '"publicKey" must be an uncompressed point of 65 bytes';
  return vMethodId === thumbprint
    ? undefined
    : `"vMethodId" must be the thumbprint of "publicKey" (${thumbprint})`;
}

async function thumbprintOf(publicKey: Hex, isSecp256k1: boolean): Promise<string | undefined> {
  try {
    return await jwkThumbprint(toPublicJwk(publicKey, isSecp256k1 ? 'secp256k1' : 'P-256'));
  } catch {
    return undefined;
  }
}
