/**
 * A block header the relying party cannot trust: malformed, or not committed by a quorum of the
 * validators it follows. `message` says which rule failed.
 */
export class HeaderUntrustedError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'HeaderUntrustedError';
  }
}
