import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  errors,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { type VerifiedAccessToken, verifyAccessToken } from './accessToken.js';

/** Verifies the access tokens the write gate accepts: this node's, and its trusted peers'. */
export type TokenTrust = (token: string) => Promise<VerifiedAccessToken>;

export type CreateTokenTrustParameters = {
  /**
   * This node: its authorisation issuer, its API (the tokens' audience) and its keys (a key set,
   * or a key ring's look-up, which follows rotations).
   */
  own: { issuer: string; audience: string } & ({ jwks: JSONWebKeySet } | { keys: JWTVerifyGetKey });
  /** Base URLs at which this node reaches the peers it trusts (`CORE_TRUSTED_PEERS`). */
  peers: readonly string[];
  /** Deadline of one look-up at a peer (its metadata or its keys), in milliseconds. */
  timeoutMs?: number;
  /** How soon a token naming a key a peer's set lacks may fetch the set again (default 5 s). */
  keysCooldownMs?: number;
};

/** A peer's issuer, learnt from its metadata; looked up again after this long. */
const PEER_METADATA_MAX_AGE_MS = 10 * 60_000;

type Verifier = { issuer: string; audience: string; keys: JWTVerifyGetKey };

/**
 * Token trust across a network of nodes. A token is verified against the keys of the node that
 * issued it: this node's own, or a trusted peer's, whose issuer comes from its authorisation
 * server metadata and whose keys from its JWKS, both fetched from the address this node reaches it
 * at (not from the token), cached, and fetched again when a token names a key the set lacks (the
 * peer rotated it). Nodes behind one public URL share an issuer: each is tried by its keys.
 * A peer's token is for the peer's API (`aud`); it is accepted here because the operator trusts
 * that peer. Any other token is refused as before: not signed by this node.
 * - Design: docs/operators.md ("Several nodes on one ledger")
 */
export function createTokenTrust(parameters: CreateTokenTrustParameters): TokenTrust {
  const { own, peers, timeoutMs = 5_000, keysCooldownMs = 5_000 } = parameters;
  const ownVerifier: Verifier = {
    issuer: own.issuer,
    audience: own.audience,
    keys: 'keys' in own ? own.keys : createLocalJWKSet(own.jwks),
  };
  const peerVerifiers = peers.map((url) => createPeerVerifier(url, timeoutMs, keysCooldownMs));

  return async (token) => {
    const issuer = issuerOf(token);
    const refusals: unknown[] = [];
    const verifyWith = ({ issuer, audience, keys }: Verifier) =>
      verifyAccessToken(token, { keys, issuer, audience });
    // The node's own tokens are the common case: they never wait for a peer's metadata.
    if (issuer === own.issuer) {
      try {
        return await verifyWith(ownVerifier);
      } catch (error) {
        refusals.push(error);
      }
    }
    const peersOfIssuer = (
      await Promise.all(peerVerifiers.map((peer) => peer().catch(() => undefined)))
    ).filter(
      (verifier): verifier is Verifier => verifier !== undefined && verifier.issuer === issuer,
    );
    // No candidate at all: verified as this node's, which says precisely why it is refused.
    if (refusals.length === 0 && peersOfIssuer.length === 0) peersOfIssuer.push(ownVerifier);
    for (const verifier of peersOfIssuer) {
      try {
        return await verifyWith(verifier);
      } catch (error) {
        refusals.push(error);
      }
    }
    throw refusals[0];
  };
}

/** A peer's verifier, its issuer looked up when first needed and again when it is old. */
function createPeerVerifier(
  baseUrl: string,
  timeoutMs: number,
  cooldownMs: number,
): () => Promise<Verifier> {
  const remote = createRemoteJWKSet(new URL(`${baseUrl}/v1/auth/jwks`), {
    timeoutDuration: timeoutMs,
    cooldownDuration: cooldownMs,
  });
  // A token of a key the cached set lacks, while the set may not be fetched again yet (the
  // cooldown bounds how often tokens with made-up key ids make this node fetch): it waits for
  // the cooldown once, so that the first tokens of a peer's rotated key are not refused.
  const keys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || !remote.coolingDown) throw error;
      await new Promise((done) => setTimeout(done, cooldownMs));
      return remote(header, token);
    }
  };
  let known: { verifier: Promise<Verifier>; at: number } | undefined;
  return () => {
    if (known === undefined || performance.now() - known.at > PEER_METADATA_MAX_AGE_MS) {
      const verifier = lookUpIssuer(baseUrl, timeoutMs).then((issuer) => ({
        issuer,
        audience: issuer.replace(/\/auth$/, ''),
        keys,
      }));
      const entry = { verifier, at: performance.now() };
      known = entry;
      // A peer that did not answer is asked again by the next token, not in ten minutes.
      verifier.catch(() => {
        if (known === entry) known = undefined;
      });
    }
    return known.verifier;
  };
}

async function lookUpIssuer(baseUrl: string, timeoutMs: number): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/auth/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`${baseUrl}: metadata answered ${response.status}`);
  const { issuer } = (await response.json()) as { issuer?: unknown };
  if (typeof issuer !== 'string') throw new Error(`${baseUrl}: metadata without "issuer"`);
  return issuer;
}

/** The token's `iss`, read before its signature is checked only to choose the keys. */
function issuerOf(token: string): string | undefined {
  try {
    const { iss } = decodeJwt(token);
    return iss;
  } catch {
    return undefined;
  }
}
