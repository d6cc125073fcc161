import { type FilterKey, isInFilter, toFilterKey } from './archiveBloom.js';
import { toHexKey } from './archiveKeys.js';
import type { LogQuery, RpcLog } from './archiveTypes.js';

/** A log query's filter, lower-cased; `undefined` where any value matches. */
export type LogFilter = {
  addresses: ReadonlySet<string> | undefined;
  topics: readonly (ReadonlySet<string> | undefined)[];
};

/**
 * The filter of an eth_getLogs query as anvil applies it: addresses OR-ed; topics by position,
 * `null` (or an empty list) matching anything, a list matching any of its values.
 */
export function toLogFilter(query: LogQuery): LogFilter {
  const toSet = (values: readonly string[]) =>
    values.length === 0 ? undefined : new Set(values.map((value) => value.toLowerCase()));
  return {
    addresses: query.addresses === undefined ? undefined : toSet(query.addresses),
    topics: (query.topics ?? []).map((topic) =>
      topic === null ? undefined : toSet(typeof topic === 'string' ? [topic] : topic),
    ),
  };
}

/**
 * Whether a log passes a filter. A constrained position the log has no topic at never matches;
 * an unconstrained one always does (anvil's rule, which differs from geth's for `[A, null]`).
 */
export function isLogMatch(filter: LogFilter, log: RpcLog): boolean {
  if (filter.addresses && !filter.addresses.has(log.address.toLowerCase())) return false;
  return filter.topics.every((values, position) => {
    if (values === undefined) return true;
    const topic = log.topics[position];
    return topic !== undefined && values.has(topic.toLowerCase());
  });
}

/**
 * What a block's filter must hold for the block to have a log passing `filter`: one OR-set of
 * keys per constrained position (the address, then each constrained topic). An empty list means
 * any block with logs; undefined means no log can match (a constrained position whose values all
 * have the wrong length).
 */
export function toFilterQuery(filter: LogFilter): FilterKey[][] | undefined {
  const constrained: [ReadonlySet<string>, number][] = [];
  if (filter.addresses) constrained.push([filter.addresses, 20]);
  for (const values of filter.topics) if (values) constrained.push([values, 32]);
  const query: FilterKey[][] = [];
  for (const [values, bytes] of constrained) {
    const keys = [...values].flatMap((value) => {
      const key = toHexKey(value, bytes);
      return key ? [toFilterKey(key)] : [];
    });
    if (keys.length === 0) return undefined;
    query.push(keys);
  }
  return query;
}

/** Whether a block with this stored filter may hold a log passing the query's filter. */
export function isFilterMatch(filter: Uint8Array, query: readonly FilterKey[][]): boolean {
  return query.every((anyOf) => anyOf.some((key) => isInFilter(filter, key)));
}
