import { varint } from 'multiformats';
import { base58btc } from 'multiformats/bases/base58';
import type { PublicEcJwk } from './jwk.js';

export const DID_KEY_PREFIX = 'did:key:';
/** Multicodec `jwk_jcs-pub`: the key material is the JCS (RFC 8785) text of the public JWK. */
export const JWK_JCS_PUB_CODE = 0xeb51;
/** The longest did:key we decode; an EC JWK of 32-byte coordinates makes about 170 characters. */
export const MAX_DID_KEY_LENGTH = 512;

const CODEC_PREFIX = varint.encodeTo(
  JWK_JCS_PUB_CODE,
  new Uint8Array(varint.encodingLength(JWK_JCS_PUB_CODE)),
);
const CURVES: readonly string[] = ['secp256k1', 'P-256'] satisfies PublicEcJwk['crv'][];
const COORDINATE_BYTES = 32;
const JWK_MEMBERS = ['crv', 'kty', 'x', 'y'];

/**
 * The JCS (RFC 8785) text of a public EC JWK. We do not depend on `canonicalize`: for an object
 * whose members are the four ASCII names `crv`, `kty`, `x`, `y` with string values, JCS is just
 * those members sorted by name (already in that order), no whitespace, and each string written
 * as `JSON.stringify` writes it (RFC 8785 §3.2.2.2). Numbers and nesting, the hard parts of JCS,
 * never occur here.
 * - Design: DESIGN.md §5
 */
export function toJcsPublicJwk(jwk: PublicEcJwk): string {
  const { crv, kty, x, y } = jwk;
  return `{"crv":${JSON.stringify(crv)},"kty":${JSON.stringify(kty)},"x":${JSON.stringify(x)},"y":${JSON.stringify(y)}}`;
}

/**
 * The did:key of a public EC JWK: `did:key:z` + base58btc(varint(0xeb51) ‖ UTF-8 JCS of the JWK).
 * - Design: DESIGN.md §5
 */
export function toDidKey(jwk: PublicEcJwk): string {
  const json = new TextEncoder().encode(toJcsPublicJwk(jwk));
  const bytes = new Uint8Array(CODEC_PREFIX.length + json.length);
  bytes.set(CODEC_PREFIX);
  bytes.set(json, CODEC_PREFIX.length);
  return `${DID_KEY_PREFIX}${base58btc.encode(bytes)}`;
}

/**
 * The public JWK that a did:key carries, or `undefined` when `did` is not a `jwk_jcs-pub` did:key
 * of an EC key on secp256k1 or P-256 (32-byte coordinates) in canonical form. Only the canonical
 * JCS text is accepted, so that each key has exactly one DID. Points are not checked to be on the
 * curve.
 * - Design: DESIGN.md §5
 */
export function toDidKeyJwk(did: string): PublicEcJwk | undefined {
  if (did.length > MAX_DID_KEY_LENGTH || !did.startsWith(`${DID_KEY_PREFIX}z`)) return undefined;
  const bytes = decodeBase58btc(did.slice(DID_KEY_PREFIX.length));
  if (!bytes || !CODEC_PREFIX.every((byte, i) => bytes[i] === byte)) return undefined;
  const text = new TextDecoder().decode(bytes.subarray(CODEC_PREFIX.length));
  const jwk = toEcJwk(parseJson(text));
  return jwk && toJcsPublicJwk(jwk) === text ? jwk : undefined;
}

/** Whether `did` is a did:key that {@link toDidKeyJwk} accepts. */
export function isDidKey(did: string): boolean {
  return toDidKeyJwk(did) !== undefined;
}

/** W3C did:key: `did:key:` + a base58btc multibase value (`z` + base58btc digits). */
const DID_KEY_FORM = /^did:key:z[1-9A-HJ-NP-Za-km-z]+$/;
/** The longest did:key {@link isDidKeyForm} accepts: an RSA-4096 key makes about 730 characters. */
export const MAX_DID_KEY_FORM_LENGTH = 1024;

/**
 * Whether `did` has the form of a did:key, whatever key it carries (W3C did:key: `did:key:z` and
 * base58btc digits). Unlike {@link isDidKey} the key is not decoded: for filters that may name
 * any did:key, including keys this node never verifies with.
 * - Spec: SPEC.md §2.10
 */
export function isDidKeyForm(did: string): boolean {
  return did.length <= MAX_DID_KEY_FORM_LENGTH && DID_KEY_FORM.test(did);
}

function decodeBase58btc(multibase: string): Uint8Array | undefined {
  try {
    return base58btc.decode(multibase);
  } catch {
    // Not base58btc: not a did:key (the caller answers `undefined`).
    return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: not a jwk_jcs-pub key.
    return undefined;
  }
}

function toEcJwk(value: unknown): PublicEcJwk | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const members = value as Record<string, unknown>;
  const names = Object.keys(members).sort();
  if (names.join() !== JWK_MEMBERS.join()) return undefined;
  const { crv, kty, x, y } = members;
  if (kty !== 'EC' || typeof crv !== 'string' || !CURVES.includes(crv)) return undefined;
  if (!isCoordinate(x) || !isCoordinate(y)) return undefined;
  return { kty, crv: crv as PublicEcJwk['crv'], x, y };
}

/** A base64url coordinate of 32 bytes, unpadded and canonical (it re-encodes to itself). */
function isCoordinate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(value)) return false;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === COORDINATE_BYTES && bytes.toString('base64url') === value;
}
