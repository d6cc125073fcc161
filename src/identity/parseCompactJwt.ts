import { type JwtRole, jwtRefusal } from '../errors/auth.js';

/** A compact JWS whose payload is a JSON object, split and decoded, not yet verified. */
export type CompactJwt = {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  /** `<header>.<payload>`, the bytes the signature covers. */
  signingInput: string;
  /** The raw signature bytes. */
  signature: Uint8Array;
};

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Whether `value` looks like a compact JWS (three base64url parts). */
export function isCompactJws(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const parts = value.split('.');
  return (
    parts.length === 3 &&
    parts.every((part, i) => BASE64URL.test(part) && (i === 2 || part.length > 0))
  );
}

/**
 * Splits and decodes a compact JWS with a JSON-object header and payload.
 * @param role Which token it is: names it in errors and picks their class.
 * @throws {PresentationInvalidError | CredentialUntrustedError} `malformed` when it is not one,
 *   `unsupported` when its header has `crit`.
 */
export function parseCompactJwt(token: unknown, role: JwtRole): CompactJwt {
  if (!isCompactJws(token))
    throw jwtRefusal(role, 'malformed', undefined, `The ${role} is not a compact JWS`);
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const decodedHeader = decodeObject(header, role, 'header');
  // RFC 7515 §4.1.11: a recipient must refuse a JWS whose critical extensions it does not
  // understand, and this node understands none.
  if (Object.hasOwn(decodedHeader, 'crit')) {
    throw jwtRefusal(
      role,
      'unsupported',
      'crit',
      `The ${role} header lists critical extensions ("crit") this node does not support`,
    );
  }
  return {
    header: decodedHeader,
    payload: decodeObject(payload, role, 'payload'),
    signingInput: `${header}.${payload}`,
    signature: new Uint8Array(Buffer.from(signature, 'base64url')),
  };
}

function decodeObject(
  encoded: string,
  role: JwtRole,
  part: 'header' | 'payload',
): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch (cause) {
    throw jwtRefusal(role, 'malformed', part, `The ${role} ${part} is not base64url-encoded JSON`, {
      cause,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw jwtRefusal(role, 'malformed', part, `The ${role} ${part} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}
