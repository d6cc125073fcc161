import { randomUUID } from 'node:crypto';
import type { PrivateEcJwk, PublicEcJwk } from '../identity/jwk.js';
import { type JwsSigningKey, signCompactJwsWith } from '../identity/signCompactJws.js';
import { signJwt } from './signJwt.js';

const VCDM_1_1 = 'https://www.w3.org/2018/credentials/v1';

/** Who signs: a DID, the verification method that signs (`<did>#<fragment>`), and its private key. */
export type Signer = {
  did: string;
  kid: string;
  privateKeyJwk: PrivateEcJwk;
};

/**
 * A signer whose private key stays elsewhere (an HSM through PKCS#11, a KMS): it signs JWS
 * signing inputs. {@link signCredential} and {@link signPresentation} take it.
 */
export type RemoteSigner = { did: string; kid: string; signingKey: JwsSigningKey };

/** A signer with its key in hand, or one whose key stays elsewhere. */
export type AnySigner = Signer | RemoteSigner;

type Jws = [header: Record<string, unknown>, payload: Record<string, unknown>];

async function signWith([header, payload]: Jws, signer: AnySigner): Promise<string> {
  return 'privateKeyJwk' in signer
    ? signJwt(header, payload, signer.privateKeyJwk)
    : signCompactJwsWith(header, payload, signer.signingKey);
}

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
  return signJwt(...credentialJws(parameters), parameters.issuer.privateKeyJwk);
}

/**
 * {@link createCredential} for any signer, its key in hand or in an HSM.
 * @example
 * const vc = await signCredential({ issuer: hsmOperator, subject: tao.did, type: 'VerifiableAccreditationToAccredit' });
 */
export function signCredential(
  parameters: Omit<CreateCredentialParameters, 'issuer'> & { issuer: AnySigner },
): Promise<string> {
  return signWith(credentialJws(parameters), parameters.issuer);
}

function credentialJws(
  parameters: Omit<CreateCredentialParameters, 'issuer'> & { issuer: AnySigner },
): Jws {
  const { issuer, subject, type, claims = {}, credentialSchema, credentialStatus } = parameters;
  const now = parameters.now ?? Math.floor(Date.now() / 1000);
  const validFrom = parameters.validFrom ?? now;
  const jti = `urn:uuid:${randomUUID()}`;
  return [
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
  ];
}

/** A `SelfAttestation`: issued by the holder about itself, for the combinable scopes (SPEC.md §2.7). */
export function createSelfAttestation(holder: Signer, now?: number): string {
  return createCredential(selfAttestationOf(holder, now));
}

/** {@link createSelfAttestation} for any signer. */
export function signSelfAttestation(holder: AnySigner, now?: number): Promise<string> {
  return signCredential(selfAttestationOf(holder, now));
}

function selfAttestationOf<S extends AnySigner>(holder: S, now: number | undefined) {
  return {
    issuer: holder,
    subject: holder.did,
    type: 'SelfAttestation',
    ...(now === undefined ? {} : { now }),
  };
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
  return signJwt(...presentationJws(parameters), parameters.holder.privateKeyJwk);
}

/** {@link createPresentation} for any signer, its key in hand or in an HSM. */
export function signPresentation(
  parameters: Omit<CreatePresentationParameters, 'holder'> & { holder: AnySigner },
): Promise<string> {
  return signWith(presentationJws(parameters), parameters.holder);
}

function presentationJws(
  parameters: Omit<CreatePresentationParameters, 'holder'> & { holder: AnySigner },
): Jws {
  const { holder, credentials, audience, jwk } = parameters;
  const now = parameters.now ?? Math.floor(Date.now() / 1000);
  const jti = `urn:uuid:${randomUUID()}`;
  return [
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
  ];
}
