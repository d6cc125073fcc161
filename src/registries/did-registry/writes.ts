import type { Hex } from 'viem';
import type { ScopeName } from '../../auth/scopes.js';
import { jwkThumbprint, toPublicJwk } from '../../identity/jwk.js';

/**
 * DID Registry functions and the scopes that may call them through `/v1/ledger`.
 * - Spec: SPEC.md §4.4
 */
export const DID_REGISTRY_WRITES: Readonly<Record<string, readonly ScopeName[]>> = {
  insertDidDocument: ['did-registry:invite'],
  addController: ['did-registry:write'],
  addVerificationMethod: ['did-registry:write'],
  addVerificationRelationship: ['did-registry:write'],
  expireVerificationMethod: ['did-registry:write'],
  revokeController: ['did-registry:write'],
  revokeVerificationMethod: ['did-registry:write'],
  rollVerificationMethod: ['did-registry:write'],
  updateBaseDocument: ['did-registry:write'],
};

/** What the DID Registry rules need to know of the access token. */
export type WriterToken = { sub: string; jkt: string | undefined };

/**
 * The argument rules of SPEC.md §4.4 for DID Registry writes: `insertDidDocument` registers the
 * token's own DID and exactly the key its `cnf.jkt` names; `addVerificationMethod` and
 * `rollVerificationMethod` name a key by its RFC 7638 thumbprint.
 * @returns the reason the call is refused, or `undefined`.
 */
export async function checkDidRegistryArguments(
  functionName: string,
  args: readonly unknown[],
  token: WriterToken,
): Promise<string | undefined> {
  switch (functionName) {
    case 'insertDidDocument': {
      const [did, , vMethodId, publicKey] = args as [string, string, string, Hex, boolean];
      if (did !== token.sub)
        return `"insertDidDocument" must register the token's DID "${token.sub}"`;
      const thumbprint = await thumbprintOf(publicKey, true);
      if (thumbprint === undefined || thumbprint !== token.jkt) {
        return 'the key of "insertDidDocument" is not the key proven for the token ("cnf.jkt")';
      }
      if (vMethodId !== thumbprint)
        return `"vMethodId" must be the thumbprint of "publicKey" (${thumbprint})`;
      return undefined;
    }
    case 'addVerificationMethod': {
      const [, vMethodId, publicKey, isSecp256k1] = args as [string, string, Hex, boolean];
      return checkThumbprint(vMethodId, publicKey, isSecp256k1);
    }
    case 'rollVerificationMethod': {
      const [roll] = args as [{ vMethodId: string; publicKey: Hex; isSecp256k1: boolean }];
      return checkThumbprint(roll.vMethodId, roll.publicKey, roll.isSecp256k1);
    }
    default:
      return undefined;
  }
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
