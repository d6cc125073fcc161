import { CoreError } from './base.js';

/**
 * A resource the caller named does not exist (a DID, an issuer, a policy, …). REST answers 404
 * `not-found` titled `<resource> Not Found`; the token endpoint answers `invalid_grant`.
 */
export class ResourceNotFoundError extends CoreError {
  static readonly code = 'CORE_ERR_NOT_FOUND';
  readonly code = ResourceNotFoundError.code;
  /** What kind of resource, capitalised: `Identifier`, `Issuer`, `Attribute`, … */
  readonly resource: string;

  /** @param detail One sentence naming the missing resource, safe to show a client. */
  constructor(resource: string, detail: string, options: { cause?: unknown } = {}) {
    super(detail, options);
    this.resource = resource;
  }
}
