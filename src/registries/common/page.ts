import { MAX_PAGE_SIZE, type PageRequest } from '../../http/pagination.js';

/** A page of an on-chain list and the list's length, as the registry views return them. */
export type Page<T> = { items: T[]; total: bigint };

/** The `(page, pageSize)` arguments of a paginated contract view. */
export function toPageArgs(page: PageRequest): readonly [bigint, bigint] {
  return [BigInt(page.page), BigInt(page.size)];
}

/**
 * Every item of an on-chain list, read in pages of the largest size. With `total` known the pages
 * are read together; otherwise the first page tells the total, and the rest follow together.
 */
export async function readAllPages<T>(
  readPage: (page: PageRequest) => Promise<Page<T>>,
  total?: bigint,
): Promise<T[]> {
  const first = total === undefined ? await readPage({ page: 1, size: MAX_PAGE_SIZE }) : undefined;
  const pages = Math.ceil(Number(first?.total ?? total) / MAX_PAGE_SIZE);
  const firstPage = first ? 2 : 1;
  const rest = await Promise.all(
    Array.from({ length: Math.max(pages - firstPage + 1, 0) }, (_, i) =>
      readPage({ page: firstPage + i, size: MAX_PAGE_SIZE }),
    ),
  );
  return [...(first?.items ?? []), ...rest.flatMap(({ items }) => items)];
}
