import { createHash } from 'node:crypto';
import type { JwsVerifier } from '../crypto/jws.js';
import {
  EntitlementRefusedError,
  PresentationInvalidError,
  TokenRequestInvalidError,
} from '../errors/auth.js';
import { isCompactJws } from '../identity/parseCompactJwt.js';
import { ACCESS_TOKEN_LIFETIME, issueAccessToken } from './accessToken.js';
import { checkCredential } from './checkCredential.js';
import { assertSelfIssued, checkEntitlement } from './checkEntitlement.js';
import {
  type CredentialRequirement,
  presentationAlgorithms,
  toCredentialRequirement,
} from './dcqlQueries.js';
import type { ReplayStore } from './replayStore.js';
import { resolveScopeTargets } from './resolveScopeTargets.js';
import { acceptsDidKey, parseScope } from './scopes.js';
import type { SigningKey } from './signingKeys.js';
import type { TrustSources } from './trustSources.js';
import {
  assertSignature,
  checkPresentation,
  findKey,
  MAX_PRESENTATION_LIFETIME,
} from './verifyPresentation.js';

export type TokenEndpointContext = {
  trust: TrustSources;
  /** Where used presentation nonces are recorded (durably, possibly shared by nodes). */
  replays: ReplayStore;
  signingKey: SigningKey;
  /** Verifies the presentation's and the credential's signatures (the node's crypto threads). */
  verifySignature: JwsVerifier;
  /** The node's authorisation issuer URL: the presentations' `aud`, the tokens' `iss`. */
  issuer: string;
  /** The tokens' `aud`: the node's `/v1` API. */
  audience: string;
  /** Unix seconds. */
  now: number;
};

export type TokenResponse = {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
};

/**
 * Characters of one presentation JWT: room for a presentation of the most credentials it may
 * carry, each with long claims, and nowhere near what a body may hold.
 */
export const MAX_PRESENTATION_CHARACTERS = 64 * 1024;

/** SPEC.md §5.4's fixed message for a compact-JWS `vp_token`. */
export const VP_TOKEN_OBJECT_MESSAGE =
  'vp_token must be a JSON object keyed by DCQL credential-query id';

/**
 * The token endpoint: checks a token request in a fixed order — request shape, scope, `vp_token`
 * shape, scope targets, presentation (structure, binding, times, then the holder's key, the
 * signature, the nonce), credential (structure, then its issuer's key and signature),
 * entitlement — and mints the access token. Fails closed with a precise domain error, which
 * `toOAuthError` words for the client.
 * - Spec: SPEC.md §5.3, §5.4, §7.4
 * - Design: DESIGN.md §6; reference/auth.md §5
 * @throws {TokenRequestInvalidError | ScopeInvalidError | InstanceInvalidError} for the request.
 * @throws {PresentationInvalidError | CredentialUntrustedError | EntitlementRefusedError}
 */
export async function handleTokenRequest(
  body: Record<string, unknown>,
  context: TokenEndpointContext,
): Promise<TokenResponse> {
  const { trust, now } = context;
  if (body.presentation_submission !== undefined) {
    throw new TokenRequestInvalidError(
      'presentation_submission',
      '"presentation_submission" must be omitted: the request uses DCQL',
    );
  }
  if (body.grant_type === undefined)
    throw new TokenRequestInvalidError('grant_type', '"grant_type" is required');
  if (body.grant_type !== 'vp_token')
    throw new TokenRequestInvalidError('grant_type', '"grant_type" must be "vp_token"');
  const request = parseScope(body.scope);
  const requirement = toCredentialRequirement(request, trust.governance);
  const presentation = readVpToken(body.vp_token, requirement);
  const targets = await resolveScopeTargets(request, trust);
  const invite = request.scopes[0]?.name === 'did-registry:invite';

  const vp = await checkPresentation(presentation, {
    algorithms: presentationAlgorithms(request),
    audience: context.issuer,
    now,
    didKey: acceptsDidKey(request),
    invite,
  });
  let holderMethods: Awaited<ReturnType<TrustSources['resolveDid']>>;
  if (invite) {
    if (await trust.didExists(vp.holder, targets.didRegistry)) {
      throw new EntitlementRefusedError(
        'registered',
        'iss',
        `The DID "${vp.holder}" is already registered`,
      );
    }
    await assertSignature(
      context.verifySignature,
      vp.signed,
      vp.alg,
      vp.headerJwk as NonNullable<typeof vp.headerJwk>,
      'presentation',
    );
  } else {
    holderMethods = await trust.resolveDid(vp.holder, targets.didRegistry);
    await assertSignature(
      context.verifySignature,
      vp.signed,
      vp.alg,
      findKey(holderMethods, vp.kid, 'authentication', 'presentation'),
      'presentation',
    );
  }
  // Only after the signature: nobody can burn someone else's nonce.
  const nonceKey = createHash('sha256').update(vp.nonce).digest('hex');
  if (!(await context.replays.consume(nonceKey, now + MAX_PRESENTATION_LIFETIME, now))) {
    throw new PresentationInvalidError(
      'replayed',
      'nonce',
      'The presentation "nonce" has already been used',
    );
  }

  const credential = checkCredential(vp.credentials, requirement, vp.holder, now);
  const selfIssued = credential.type === 'SelfAttestation';
  if (selfIssued) assertSelfIssued(credential, vp.holder);
  const issuerRegistry =
    selfIssued || requirement.id === 'accreditation'
      ? targets.didRegistry
      : trust.defaults.didRegistry;
  const issuerMethods =
    selfIssued && holderMethods
      ? holderMethods
      : await trust.resolveDid(credential.issuer, issuerRegistry);
  const issuerKey = findKey(
    issuerMethods,
    credential.kid,
    selfIssued ? 'authentication' : 'assertionMethod',
    'credential',
  );
  await assertSignature(
    context.verifySignature,
    credential.signed,
    credential.alg,
    issuerKey,
    'credential',
  );
  await checkEntitlement({ request, targets, holder: vp.holder, holderMethods, credential, trust });

  const jkt = invite ? vp.kid.slice(vp.kid.indexOf('#') + 1) : undefined;
  const accessToken = await issueAccessToken(
    { sub: vp.holder, scope: request.scope, ...(jkt ? { jkt } : {}) },
    { key: context.signingKey, issuer: context.issuer, audience: context.audience, now },
  );
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_LIFETIME,
    scope: request.scope,
  };
}

/**
 * `vp_token` as OpenID4VP 1.0 wants it: a JSON object (or its JSON text, form-encoded) with one
 * key, the query id, holding an array of exactly one presentation.
 */
function readVpToken(value: unknown, requirement: CredentialRequirement): string {
  if (value === undefined) throw vpTokenInvalid('"vp_token" is required');
  if (isCompactJws(value)) throw vpTokenInvalid(VP_TOKEN_OBJECT_MESSAGE);
  let token = value;
  if (typeof token === 'string') {
    try {
      token = JSON.parse(token);
    } catch (cause) {
      throw vpTokenInvalid(VP_TOKEN_OBJECT_MESSAGE, cause);
    }
  }
  if (typeof token !== 'object' || token === null || Array.isArray(token)) {
    throw vpTokenInvalid(VP_TOKEN_OBJECT_MESSAGE);
  }
  const keys = Object.keys(token);
  const unexpected = keys.find((key) => key !== requirement.id);
  if (unexpected !== undefined) {
    throw vpTokenInvalid(
      `"vp_token" has the key "${unexpected}", which the DCQL query of the scope does not define`,
    );
  }
  const presentations = (token as Record<string, unknown>)[requirement.id];
  if (presentations === undefined) throw vpTokenInvalid(`"vp_token" must hold "${requirement.id}"`);
  if (
    !Array.isArray(presentations) ||
    presentations.length !== 1 ||
    !isCompactJws(presentations[0])
  ) {
    throw vpTokenInvalid(
      `"vp_token.${requirement.id}" must be an array of exactly one presentation JWT`,
    );
  }
  const presentation = presentations[0] as string;
  if (presentation.length > MAX_PRESENTATION_CHARACTERS) {
    throw vpTokenInvalid(
      `"vp_token.${requirement.id}" holds a presentation of ${presentation.length} characters; at most ${MAX_PRESENTATION_CHARACTERS} are accepted`,
    );
  }
  return presentation;
}

function vpTokenInvalid(message: string, cause?: unknown): TokenRequestInvalidError {
  return new TokenRequestInvalidError('vp_token', message, { cause });
}
