import type { Hex } from 'viem';
import { type PublicEcJwk, toPublicJwk } from './jwk.js';

/** The verification relationships of a DID document, in the order the DID Registry returns them. */
export const VERIFICATION_RELATIONSHIPS = [
  'authentication',
  'assertionMethod',
  'keyAgreement',
  'capabilityInvocation',
  'capabilityDelegation',
] as const;

export type VerificationRelationshipName = (typeof VERIFICATION_RELATIONSHIPS)[number];

/**
 * `@context` of a document whose base document names none: the JSON-LD representation must have
 * one (DID Core §6.3.1), and these are the contexts of `JsonWebKey2020` methods.
 */
export const DEFAULT_DID_CONTEXT: readonly string[] = [
  'https://www.w3.org/ns/did/v1',
  'https://w3id.org/security/suites/jws-2020/v1',
];

/** Any JSON value, as `JSON.parse` returns it. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

/** A DID document as the DID Registry returns it (`IDidRegistry.DidDocument`). */
export type DidDocumentRecord = {
  /** The controller's JSON text (usually just `@context`). */
  baseDocument: string;
  controllers: readonly string[];
  /** The methods holding at least one relationship at the time read, in insertion order. */
  verificationMethods: readonly {
    /** RFC 7638 thumbprint of the key. */
    vMethodId: string;
    /** Uncompressed SEC1 point `0x04 ‖ X ‖ Y`. */
    publicKey: Hex;
    /** `false` for P-256. */
    isSecp256k1: boolean;
    /** The relationships valid at the time read. */
    relationships: readonly { name: string; notBefore: bigint; notAfter: bigint }[];
  }[];
};

/** A verification method of a DID document. */
export type JsonWebKey2020 = {
  /** `<did>#<vMethodId>`. */
  id: string;
  type: 'JsonWebKey2020';
  /** The DID itself. */
  controller: string;
  publicKeyJwk: PublicEcJwk;
};

/**
 * A DID document without `@context` (`application/did+json`). The members the registry decides are
 * typed; other members come from the base document as the controller wrote them.
 */
export type PlainDidDocument = {
  id: string;
  controller: string[];
  verificationMethod: JsonWebKey2020[];
  /** Each relationship, present only when non-empty: `<did>#<vMethodId>` entries. */
  authentication?: string[];
  assertionMethod?: string[];
  keyAgreement?: string[];
  capabilityInvocation?: string[];
  capabilityDelegation?: string[];
  [member: string]: unknown;
};

/** A DID document with its JSON-LD `@context` (`application/did+ld+json`). */
export type DidDocument = { '@context': JsonValue } & PlainDidDocument;

/** What {@link toDidDocument} returns. */
export type ToDidDocumentReturnType = {
  document: DidDocument;
  /** `false` when the base document is not a JSON object: its members were left out. */
  baseDocumentValid: boolean;
};

/** Members of a DID document that the registry's data decides, whatever the base document says. */
const OWN_MEMBERS: ReadonlySet<string> = new Set([
  '@context',
  'id',
  'controller',
  'verificationMethod',
  ...VERIFICATION_RELATIONSHIPS,
]);

/**
 * Builds the DID document of `did` from the registry's record: the base document's members,
 * then `id`, `controller`, one `JsonWebKey2020` per verification method and the non-empty
 * relationship arrays, which always replace any the base document holds. `@context` is the base
 * document's, or {@link DEFAULT_DID_CONTEXT} when it has none. A base document that is not a
 * JSON object contributes nothing (`baseDocumentValid: false`): the keys on the chain still
 * make a usable document, and the caller decides whether to report it.
 * - Design: DESIGN.md §5; reference/read-api.md §3.1
 * @throws {TypeError} when a public key is not a 65-byte uncompressed point (the registry
 * checks every key on-chain, so this means a broken contract).
 */
export function toDidDocument(did: string, record: DidDocumentRecord): ToDidDocumentReturnType {
  const base = parseBaseDocument(record.baseDocument);
  // fromEntries and spreads define members, so a `__proto__` member stays a plain member.
  const members = Object.fromEntries(
    Object.entries(base ?? {}).filter(([name]) => !OWN_MEMBERS.has(name)),
  );
  const relationships = new Map<string, string[]>(
    VERIFICATION_RELATIONSHIPS.map((name) => [name, []]),
  );
  const verificationMethod = record.verificationMethods.map((method): JsonWebKey2020 => {
    const id = `${did}#${method.vMethodId}`;
    for (const { name } of method.relationships) relationships.get(name)?.push(id);
    const crv = method.isSecp256k1 ? 'secp256k1' : 'P-256';
    return {
      id,
      type: 'JsonWebKey2020',
      controller: did,
      publicKeyJwk: toPublicJwk(method.publicKey, crv),
    };
  });
  const document: DidDocument = {
    '@context': base?.['@context'] ?? [...DEFAULT_DID_CONTEXT],
    id: did,
    controller: [...record.controllers],
    verificationMethod,
    ...Object.fromEntries([...relationships].filter(([, ids]) => ids.length > 0)),
    ...members,
  };
  return { document, baseDocumentValid: base !== undefined };
}

/**
 * The representation without `@context`, served for `Accept: application/did+json`.
 * - Spec: SPEC.md §4.2.4
 */
export function toPlainDidDocument(document: DidDocument): PlainDidDocument {
  const { '@context': _context, ...plain } = document;
  return plain;
}

/** The base document as a JSON object, or `undefined` when it is anything else. */
function parseBaseDocument(text: string): Record<string, JsonValue> | undefined {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    // Malformed JSON written by a controller is a fact of the chain, not a failure of the read.
    return undefined;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}
