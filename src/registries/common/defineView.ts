import type {
  Abi,
  Address,
  ContractFunctionArgs,
  ContractFunctionName,
  ContractFunctionReturnType,
} from 'viem';
import type { PageRequest } from '../../http/pagination.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { type Page, toPageArgs } from './page.js';

type Mutability = 'pure' | 'view';
type ArgsOf<abi extends Abi, fn extends ContractFunctionName<abi, Mutability>> = Extract<
  ContractFunctionArgs<abi, Mutability, fn>,
  readonly unknown[]
>;
/** A paginated view's arguments without the trailing `(page, pageSize)`. */
type PrefixOf<args> = args extends readonly [...infer prefix, bigint, bigint] ? prefix : never;
/** The item type of a paginated view's `(items, total)` result. */
type ItemOf<result> = result extends readonly [readonly (infer item)[], bigint] ? item : never;

/** Calls a view of one known instance (`read({ abi, functionName, args })`). */
export type InstanceRead = <
  const abi extends Abi,
  fn extends ContractFunctionName<abi, Mutability>,
  const args extends ContractFunctionArgs<abi, Mutability, fn>,
>(call: {
  abi: abi;
  functionName: fn;
  args?: args;
}) => Promise<ContractFunctionReturnType<abi, Mutability, fn, args>>;

/** Turns a view's failure into the error it stands for (a 404), or returns it unchanged. */
export type ViewErrorMapper<args extends readonly unknown[]> = (
  error: unknown,
  ...args: args
) => unknown;

/**
 * A registry view as a function `(reader, address, ...args)`, read at the reader's block, its
 * failures passed through `onError` (typically a revert that means "not found").
 * - Design: DESIGN.md §7 (block-pinned reads)
 */
export function itemView<const abi extends Abi, fn extends ContractFunctionName<abi, Mutability>>(
  abi: abi,
  functionName: fn,
  onError?: ViewErrorMapper<ArgsOf<abi, fn>>,
): (
  reader: BlockReader,
  address: Address,
  ...args: ArgsOf<abi, fn>
) => Promise<ContractFunctionReturnType<abi, Mutability, fn>> {
  return async (reader, address, ...args) => {
    try {
      return (await reader.read({ address, abi, functionName, args } as never)) as never;
    } catch (error) {
      throw onError ? onError(error, ...args) : error;
    }
  };
}

/**
 * A paginated registry view `(…, page, pageSize) → (items, total)` as a function
 * `(reader, address, ...args, page)` answering a {@link Page}; failures pass through `onError`.
 * - Design: DESIGN.md §4 (views paginate on-chain)
 */
export function pageView<const abi extends Abi, fn extends ContractFunctionName<abi, Mutability>>(
  abi: abi,
  functionName: fn,
  onError?: ViewErrorMapper<PrefixOf<ArgsOf<abi, fn>>>,
): (
  reader: BlockReader,
  address: Address,
  ...rest: [...PrefixOf<ArgsOf<abi, fn>>, PageRequest]
) => Promise<Page<ItemOf<ContractFunctionReturnType<abi, Mutability, fn>>>> {
  return async (reader, address, ...rest) => {
    const args = rest.slice(0, -1) as PrefixOf<ArgsOf<abi, fn>>;
    const page = rest[rest.length - 1] as PageRequest;
    try {
      const [items, total] = (await reader.read({
        address,
        abi,
        functionName,
        args: [...args, ...toPageArgs(page)],
      } as never)) as readonly [readonly never[], bigint];
      return { items: [...items], total };
    } catch (error) {
      throw onError ? onError(error, ...args) : error;
    }
  };
}
