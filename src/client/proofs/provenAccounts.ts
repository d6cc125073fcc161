import { type Address, getAddress, type Hex } from 'viem';
import type { CoreClient } from '../createCoreClient.js';
import type { RpcHeader } from './qbftHeader.js';
import {
  type AccountProof,
  type ProvenAccount,
  StateProofError,
  verifyAccountProof,
  verifyCode,
} from './stateProof.js';

/** An account proven against a state root: its code and the slots proven so far. */
export type ProvenAccountWithCode = ProvenAccount & { code: Hex };

/** Proofs fetched for some accounts and slots: what they cover, and when they are checked in. */
type Fetch = { covers: Map<Address, Set<Hex>>; done: Promise<void> };

/** The accounts proven against one state root, and the proofs of it being fetched. */
export type ProvenAccounts = {
  readonly accounts: Map<Address, ProvenAccountWithCode>;
  readonly inFlight: Set<Fetch>;
};

/** What {@link provenCall} keeps between calls: the proven accounts of the latest state roots. */
export type ProofCache = { at(header: RpcHeader): ProvenAccounts };

/** State roots whose proven accounts a cache keeps: the head and the one before, for calls in flight. */
const CACHED_ROOTS = 2;

/** Times the proofs a call still misses are looked for before the node is given up on. */
const MAX_FETCHES = 4;

/** Proven accounts for one call that shares them with none. */
export function newProvenAccounts(): ProvenAccounts {
  return { accounts: new Map(), inFlight: new Set() };
}

/**
 * A cache of proven accounts, keyed by the state root they were checked against (a proof holds
 * for its root, whichever block carries it); a call under another root starts from nothing.
 * Calls under one root share what is proven and what is being fetched.
 */
export function createProofCache(): ProofCache {
  const roots = new Map<string, ProvenAccounts>();
  return {
    at(header) {
      const key = header.stateRoot.toLowerCase();
      let proven = roots.get(key);
      if (!proven) {
        proven = newProvenAccounts();
        roots.set(key, proven);
        for (const old of [...roots.keys()].slice(0, -CACHED_ROOTS)) roots.delete(old);
      }
      return proven;
    },
  };
}

/**
 * Proves every wanted account and slot that is not proven yet. What another call's fetch in
 * flight will prove is awaited rather than fetched again (concurrent calls into one registry
 * need its proxy and implementation alike); the rest is fetched now, in one batch.
 * @throws {StateProofError} when a proof is refused, or the node never proves what was asked.
 */
export async function proveWanted(
  client: Pick<CoreClient, 'rpcBatch'>,
  header: RpcHeader,
  wanted: ReadonlyMap<Address, ReadonlySet<Hex>>,
  proven: ProvenAccounts,
): Promise<void> {
  for (let fetches = 0; ; fetches++) {
    const missing = missingOf(wanted, proven.accounts);
    if (missing.length === 0) return;
    if (fetches === MAX_FETCHES) {
      throw new StateProofError(`the node did not prove ${missing[0]?.address} when asked`);
    }
    const awaited = new Set<Fetch>();
    const own = new Map<Address, Set<Hex>>();
    for (const { address, slots, known } of missing) {
      const covering = [...proven.inFlight].filter((fetch) => fetch.covers.has(address));
      for (const fetch of covering) awaited.add(fetch);
      const left = slots.filter((slot) => !covering.some((f) => f.covers.get(address)?.has(slot)));
      if (left.length > 0 || (!known && covering.length === 0)) own.set(address, new Set(left));
    }
    const fetch = own.size > 0 ? startFetch(client, header, own, proven) : undefined;
    // Another call's fetch that failed leaves its accounts missing: the next round fetches them.
    await Promise.all([...awaited].map((other) => other.done.catch(() => undefined)));
    await fetch?.done;
  }
}

/** The wanted accounts and slots not proven yet. */
function missingOf(
  wanted: ReadonlyMap<Address, ReadonlySet<Hex>>,
  accounts: ReadonlyMap<Address, ProvenAccountWithCode>,
): { address: Address; slots: Hex[]; known: boolean }[] {
  return [...wanted].flatMap(([address, slots]) => {
    const known = accounts.get(address);
    const absent = [...slots].filter((slot) => !known?.storage.has(slot));
    return known && absent.length === 0 ? [] : [{ address, slots: absent, known: !!known }];
  });
}

function startFetch(
  client: Pick<CoreClient, 'rpcBatch'>,
  header: RpcHeader,
  covers: Map<Address, Set<Hex>>,
  proven: ProvenAccounts,
): Fetch {
  const fetch: Fetch = { covers, done: fetchProofs(client, header, covers, proven.accounts) };
  proven.inFlight.add(fetch);
  const settle = () => proven.inFlight.delete(fetch);
  fetch.done.then(settle, settle);
  return fetch;
}

/** Fetches the proofs and code of `wanted`, checks each against the root, and adds them. */
async function fetchProofs(
  client: Pick<CoreClient, 'rpcBatch'>,
  header: RpcHeader,
  wanted: Map<Address, Set<Hex>>,
  accounts: Map<Address, ProvenAccountWithCode>,
): Promise<void> {
  const missing = [...wanted].map(([address, slots]) => ({ address, slots: [...slots] }));
  const outcomes = await client.rpcBatch<unknown>(
    missing.flatMap(({ address, slots }) => [
      { method: 'eth_getProof', params: [address, slots, header.number] },
      { method: 'eth_getCode', params: [address, header.number] },
    ]),
  );
  for (const [i, { address, slots }] of missing.entries()) {
    const proof = outcomes[2 * i];
    const code = outcomes[2 * i + 1];
    for (const outcome of [proof, code]) {
      if (outcome?.status === 'failure') throw outcome.error;
    }
    if (proof?.status !== 'success' || code?.status !== 'success') {
      throw new StateProofError(`the node gave no proof of ${address}`);
    }
    const account = await verifyAccountProof(proof.result as AccountProof, header.stateRoot, slots);
    if (getAddress(account.address) !== address) {
      throw new StateProofError(`the node proved ${account.address}, not ${address}`);
    }
    verifyCode(account, code.result as Hex);
    // Read now, not before the await: another fetch may have added slots of this account since.
    const known = accounts.get(address);
    accounts.set(address, {
      ...account,
      storage: new Map([...(known?.storage ?? []), ...account.storage]),
      code: code.result as Hex,
    });
  }
}
