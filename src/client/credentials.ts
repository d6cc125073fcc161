import { randomUUID } from 'node:crypto';
import type { PrivateEcJwk, PublicEcJwk } from '../identity/jwk.js';
import { signJwt } from './signJwt.js';

const VCDM_1_1 = 'https://www.w3.org/2018/credentials/v1';

/** Who signs: a DID, the verification method that signs (`<did>#<fragment>`), and its private key. */
export type Signer = {
  did: string;
  kid: string;
  privateKeyJwk: PrivateEcJwk;
};

export type CreateCredentialParameters = {
  /** The issuer; its key must be an `assertionMethod` of its DID (a `SelfAttestation` uses `authentication`). */
  issuer: Signer;
  /** The subject DID (`sub`, `credentialSubject.id`). */
  subject: string;
  /** The credential type besides `VerifiableCredential`, e.g. `VerifiableAuthorisationToOnboard`. */
  type: string;
  /** Further `credentialSubject` members. */
  claims?: Record<string, unknown>;
  /** Validity start, unix seconds (default now). */
  validFrom?: number;
  /** Expiry, unix seconds (default none). */
  expiresAt?: number;
  /** Clock, unix seconds (default now). */
  now?: number;
  /** `vc.credentialSchema`, e.g. `{ id: <Schemas Registry URL>, type: 'JsonSchema' }`. */
  credentialSchema?: Record<string, unknown> | Record<string, unknown>[];
  /** `vc.credentialStatus`, e.g. a `StatusList2021Entry` whose list an issuer proxy serves. */
  credentialStatus?: Record<string, unknown>;
};

/**
 * Creates a `jwt_vc_json` credential (VCDM 1.1 JWT) in the node's wire format.
 * - Design: DESIGN.md §6 (wire formats)
 * @example
 * const vc = createCredential({ issuer: operator, subject: holder.did, type: 'VerifiableAuthorisationToOnboard' });
 */
export function createCredential(parameters: CreateCredentialParameters): string {
  const { issuer, subject, type, claims = {}, credentialSchema, credentialStatus } = parameters;
  const now = parameters.now ?? Math.floor(Date.now() / 1000);
  const validFrom = parameters.validFrom ?? now;
  const jti = `urn:uuid:${randomUUID()}`;
  return signJwt(
    { typ: 'JWT', kid: issuer.kid },
    {
      iss: issuer.did,
      sub: subject,
      jti,
      iat: now,
      nbf: validFrom,
      ...(parameters.expiresAt === undefined ? {} : { exp: parameters.expiresAt }),
      vc: {
        '@context': [VCDM_1_1],
        id: jti,
        type: ['VerifiableCredential', type],
        issuer: issuer.did,
        issuanceDate: new Date(now * 1000).toISOString(),
        validFrom: new Date(validFrom * 1000).toISOString(),
        ...(parameters.expiresAt === undefined
          ? {}
          : { expirationDate: new Date(parameters.expiresAt * 1000).toISOString() }),
        credentialSubject: { ...claims, id: subject },
        ...(credentialSchema === undefined ? {} : { credentialSchema }),
        ...(credentialStatus === undefined ? {} : { credentialStatus }),
      },
    },
    issuer.privateKeyJwk,
  );
}

/** A `SelfAttestation`: issued by the holder about itself, for the combinable scopes (SPEC.md §2.7). */
export function createSelfAttestation(holder: Signer, now?: number): string {
  return createCredential({
    issuer: holder,
    subject: holder.did,
    type: 'SelfAttestation',
    ...(now === undefined ? {} : { now }),
  });
}

export type CreatePresentationParameters = {
  holder: Signer;
  /** Credential JWTs to present. */
  credentials: string[];
  /** The node's authorisation issuer URL (`aud`). */
  audience: string;
  /** A fresh, single-use value (default a random UUID). */
  nonce?: string;
  /** Seconds until expiry, below 300 (default 120). */
  expiresIn?: number;
  /** The public JWK to put in the header: required when the DID is not registered yet (`did-registry:invite`). */
  jwk?: PublicEcJwk;
  now?: number;
};

/**
 * Creates a verifiable presentation JWT in the node's wire format.
 * - Design: DESIGN.md §6 (wire formats)
 */
export function createPresentation(parameters: CreatePresentationParameters): string {
  const { holder, credentials, audience, jwk } = parameters;
  const now = parameters.now ?? Math.floor(Date.now() / 1000);
  const jti = `urn:uuid:${randomUUID()}`;
  return signJwt(
    { typ: 'JWT', kid: holder.kid, ...(jwk ? { jwk } : {}) },
    {
      iss: holder.did,
      sub: holder.did,
      aud: audience,
      nonce: parameters.nonce ?? randomUUID(),
      jti,
      iat: now,
      nbf: now,
      exp: now + (parameters.expiresIn ?? 120),
      vp: {
        '@context': [VCDM_1_1],
        id: jti,
        type: ['VerifiablePresentation'],
        holder: holder.did,
        verifiableCredential: credentials,
      },
    },
    holder.privateKeyJwk,
  );
}
