import { CoreError } from './base.js';

/**
 * The shared replay store (Redis or Valkey) could not be reached, or did not answer in time: the
 * token endpoint cannot tell whether a presentation was used, so it refuses (fails closed).
 * - Design: DESIGN.md §6, §11
 */
export class ReplayStoreUnavailableError extends CoreError {
  static readonly code = 'CORE_ERR_REPLAY_STORE_UNAVAILABLE';
  readonly code = ReplayStoreUnavailableError.code;
  /** The store's address without credentials, e.g. `redis://10.0.0.5:6379`. */
  readonly store: string;

  constructor(store: string, options: { cause?: unknown } = {}) {
    super('The replay store is unavailable', options);
    this.store = store;
  }
}
