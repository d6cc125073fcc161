import type { FastifyInstance } from 'fastify';
import { type Address, getAddress } from 'viem';
import { encodePathSegment, toAbsoluteUrl } from '../../http/links.js';
import { buildCollection, type Collection, type PageRequest } from '../../http/pagination.js';
import type { BlockReader } from '../../ledger/createChainReader.js';

/** Everything a registry read needs: the instance, a block-pinned reader, and link building. */
export type ReadScope = {
  /** The registry instance read (the default, or the request's `contractAddress`). */
  address: Address;
  /** Reads at one block, shared by every call of the request. */
  reader: BlockReader;
  /**
   * Absolute URL of a resource under this registry; `segments` are encoded one by one. Keeps the
   * request's `contractAddress` (SPEC.md §4.2.3, DESIGN.md §7).
   */
  href(...segments: (string | number)[]): string;
  /** A collection envelope for `segments`, its links carrying the filters and `contractAddress`. */
  collection<T>(
    segments: (string | number)[],
    page: PageRequest,
    total: number | bigint,
    items: T[],
    filters?: Readonly<Record<string, string | undefined>>,
  ): Collection<T>;
};

/**
 * Opens the read of one request: resolves the instance (400 `invalid-contract-address` when the
 * named contract is absent or of another type) and pins a reader to the latest block. A registry
 * with a single instance passes it as `only` (its routes check `contractAddress` themselves).
 * - Spec: SPEC.md §4.2
 * @throws {InstanceInvalidError} `no-contract` or `wrong-type` (REST: 400 `invalid-contract-address`).
 */
export async function openReadScope(
  app: FastifyInstance,
  registry: string,
  contractAddress: string | undefined,
  options: { only?: Address } = {},
): Promise<ReadScope> {
  const reader = await app.chain.latest();
  const address =
    options.only ??
    (await app.targets
      .at(reader)
      .instanceOf(
        registry,
        contractAddress === undefined ? undefined : getAddress(contractAddress),
      ));
  const base = `/v1/${registry}`;
  const instance = contractAddress === undefined ? undefined : address;
  const path = (segments: (string | number)[]) =>
    `${base}/${segments.map((segment) => encodePathSegment(String(segment))).join('/')}`;
  return {
    address,
    reader,
    href: (...segments) =>
      toAbsoluteUrl(app.config.publicUrl, path(segments), { contractAddress: instance }),
    collection: (segments, page, total, items, filters = {}) =>
      buildCollection({
        url: `${app.config.publicUrl}${path(segments)}`,
        page,
        total: Number(total),
        items,
        filters: { ...filters, contractAddress: instance },
      }),
  };
}
