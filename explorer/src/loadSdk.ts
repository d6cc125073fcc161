/** The trust report of the SDK's `verifyCredential` (`src/client/verify/trustReport.ts`). */
export type TrustReport = {
  verdict: 'trusted' | 'untrusted';
  checks: { id: string; verdict: 'pass' | 'fail' | 'skip'; detail: string; source?: string }[];
  chain: { did: string; role: 'TI' | 'TAO' | 'RootTAO'; attributeId: string; source: string }[];
  /** How the registry reads were established, in the SDK's words (docs/trust-model.md). */
  reads: string;
};

/** A change of a DID document (`DidHistoryEntry` of `src/client/getDidHistory.ts`). */
export type DidChange = {
  eventName: string;
  /** The event's arguments: strings, and `bigint` for times and durations. */
  args: Record<string, unknown>;
  blockNumber: bigint;
  /** Unix seconds. */
  timestamp: bigint;
  transactionHash: string;
};

type CoreClient = { readonly baseUrl: string };

/** `trust.proofs` of `verifyCredential`: opaque here, made by {@link Proofs}. */
export type ReadsUpgrade = { readonly kind: 'reads upgrade' };

/** How `verifyCredential` establishes its reads (`VerifyCredentialParameters`). */
export type VerifyParameters = { fetch: typeof fetch } & (
  | { node: string }
  | { node: string; trust: { proofs: ReadsUpgrade } }
  | { nodes: string[]; trust: { quorum: number } }
);

/** What the explorer uses of the SDK. */
export type Sdk = {
  createCoreClient(parameters: { baseUrl: string; fetch: typeof fetch }): CoreClient;
  getDidHistory(client: CoreClient, parameters: { did: string }): Promise<DidChange[]>;
  verifyCredential(jwt: string, parameters: VerifyParameters): Promise<TrustReport>;
};

/** What the explorer uses of `core-registry/client/proofs`. */
export type Proofs = {
  /** Reads checked against proven state, under the node's own latest header. */
  proofs(): ReadsUpgrade;
};

/**
 * The SDK bundled for the browser (`scripts/bundleSdk.mjs`), loaded on first use only: it is the
 * explorer's one large script. A variable, so that tsc leaves the path alone.
 */
const SDK_URL = './sdk.js';

/** The proofs mode's bundle (an EVM and trie proofs, several times the SDK's size). */
const PROOFS_URL = './proofs.js';

/** Loads the SDK (once). */
export function loadSdk(): Promise<Sdk> {
  return import(SDK_URL) as Promise<Sdk>;
}

/** Loads the proofs mode (once), only when a visitor asks for proven reads. */
export function loadProofs(): Promise<Proofs> {
  return import(PROOFS_URL) as Promise<Proofs>;
}

/**
 * `fetch`, bound: the SDK calls it as a plain function, which a browser's `fetch` refuses when it
 * is stored as a property of another object.
 */
export const boundFetch: typeof fetch = (input, init) => fetch(input, init);

/** A client of the node this page was loaded from. */
export async function connectSdk(): Promise<{ sdk: Sdk; client: CoreClient }> {
  const sdk = await loadSdk();
  return { sdk, client: sdk.createCoreClient({ baseUrl: location.origin, fetch: boundFetch }) };
}
