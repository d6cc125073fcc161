import type { PageRequest } from '../../http/pagination.js';

/** A page of an on-chain list and the list's length, as the registry views return them. */
export type Page<T> = { items: T[]; total: bigint };

/** The `(page, pageSize)` arguments of a paginated contract view. */
export function toPageArgs(page: PageRequest): readonly [bigint, bigint] {
  return [BigInt(page.page), BigInt(page.size)];
}
