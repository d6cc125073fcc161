import { CoreError, type CoreErrorOptions } from './base.js';

/**
 * Why a presentation or credential JWT is refused, by verification step: `malformed` (a member
 * absent or not of the required form), `unsupported` (an algorithm, DID method or credential type
 * the scope does not accept), `binding` (members that must agree do not), `expired`, `premature`
 * (`nbf` or `iat` ahead of the clock), `key` (the signer's DID or key cannot be used) and
 * `signature`.
 */
export type JwtProblem =
  | 'malformed'
  | 'unsupported'
  | 'binding'
  | 'expired'
  | 'premature'
  | 'key'
  | 'signature';

/** A presentation also fails on its `aud`, its lifetime (`exp` too far ahead) or a reused nonce. */
export type PresentationProblem = JwtProblem | 'audience' | 'lifetime' | 'replayed';

/**
 * Why a credential does not entitle its holder to a scope: its `issuer` is not the one the scope
 * requires, the reserved `attribute` is malformed, unknown or revoked, the `contract` is not the
 * active instance named, no controller key holds the `policy`, an invite's holder is already
 * `registered`, or a holder invoking the governance's contracts is not an `operator`.
 */
export type EntitlementProblem =
  | 'issuer'
  | 'attribute'
  | 'contract'
  | 'policy'
  | 'registered'
  | 'operator';

/**
 * A token request refused at one step of its verification (jose's claim errors): `reason` names
 * the step, `claim` the member at fault.
 */
export abstract class AuthRefusalError<Reason extends string> extends CoreError {
  readonly reason: Reason;
  /** The claim or part at fault (`aud`, `vp.holder`, `header`), if one is. */
  readonly claim: string | undefined;

  /** @param message What failed, precisely, naming the member in double quotes. */
  constructor(
    reason: Reason,
    claim: string | undefined,
    message: string,
    options: CoreErrorOptions = {},
  ) {
    super(message, options);
    this.reason = reason;
    this.claim = claim;
  }
}

/**
 * The presentation (`vp_token`'s VP JWT) is malformed or not bound to this request: header,
 * shape, holder, `aud`, `nonce`, times, the holder's key or its signature. The token endpoint
 * answers `invalid_request` when it is `malformed` or `unsupported`, `invalid_grant` otherwise.
 * - Spec: SPEC.md §5.1, §5.4.3
 */
export class PresentationInvalidError extends AuthRefusalError<PresentationProblem> {
  static readonly code = 'CORE_ERR_PRESENTATION_INVALID';
  readonly code = PresentationInvalidError.code;
}

/**
 * A credential of the presentation is malformed, of another type, not bound to its issuer and
 * holder, outside its validity window, or not signed by a key of its issuer. The token endpoint
 * answers `invalid_request` when it is `malformed` or `unsupported`, `invalid_grant` otherwise.
 * - Spec: SPEC.md §2.7, §5.4.3
 */
export class CredentialUntrustedError extends AuthRefusalError<JwtProblem> {
  static readonly code = 'CORE_ERR_CREDENTIAL_UNTRUSTED';
  readonly code = CredentialUntrustedError.code;
}

/**
 * A verified credential does not entitle its holder to the requested scope (DESIGN.md §6 table).
 * The token endpoint answers `invalid_grant`.
 * - Spec: SPEC.md §5.3, §5.4.4
 */
export class EntitlementRefusedError extends AuthRefusalError<EntitlementProblem> {
  static readonly code = 'CORE_ERR_ENTITLEMENT_REFUSED';
  readonly code = EntitlementRefusedError.code;
}

/** Which JWT of a token request a check is about. */
export type JwtRole = 'presentation' | 'credential';

/** The error refusing the presentation or one of its credentials, as `role` says. */
export function jwtRefusal(
  role: JwtRole,
  reason: JwtProblem,
  claim: string | undefined,
  message: string,
  options: CoreErrorOptions = {},
): PresentationInvalidError | CredentialUntrustedError {
  return role === 'presentation'
    ? new PresentationInvalidError(reason, claim, message, options)
    : new CredentialUntrustedError(reason, claim, message, options);
}

/**
 * A token request is malformed before any presentation is verified: a parameter missing,
 * repeated or of the wrong form, or scopes whose holders resolve through different DID
 * Registries. The token endpoint answers `invalid_request`.
 * - Spec: SPEC.md §5.3.5, §5.4, §7.4
 */
export class TokenRequestInvalidError extends CoreError {
  static readonly code = 'CORE_ERR_TOKEN_REQUEST_INVALID';
  readonly code = TokenRequestInvalidError.code;
  /** The request parameter at fault (`grant_type`, `vp_token`, …); `undefined` for none. */
  readonly parameter: string | undefined;

  constructor(parameter: string | undefined, message: string, options: CoreErrorOptions = {}) {
    super(message, options);
    this.parameter = parameter;
  }
}
