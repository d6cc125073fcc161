import { base58btc } from 'multiformats/bases/base58';
import { bytesToHex, type Hex, hexToString } from 'viem';
import { issuersRegistryAbi } from '../../../artifacts/IssuersRegistry.js';
import { ISSUER_TYPES } from '../../identity/issuerTypes.js';
import { findRevisionAt } from '../../identity/revisionAt.js';
import { type CoreClient, createCoreClient } from '../createCoreClient.js';
import type { Read, RegistryReads } from '../verify/createRegistryReads.js';
import type { ReadsUpgrade } from '../verifyCredential.js';
import type { ProvenCallResult } from './provenCall.js';
import {
  describeMismatch,
  openProvenState,
  type ProofOptions,
  type Proven,
  type ProvenState,
  type ProvenView,
  proveDidDocument,
  provenView,
  revertName,
} from './provenViews.js';

const ATTRIBUTES = /^\/v1\/issuers-registry\/issuers\/([^/?]+)\/attributes$/;
const ATTRIBUTE =
  /^\/v1\/issuers-registry\/issuers\/([^/?]+)\/attributes\/(0x[0-9a-fA-F]{64})(?:\?valid-at=([^&]+))?$/;
const REVISIONS = /^\/v1\/schemas-registry\/schemas\/(z[1-9A-HJ-NP-Za-km-z]+)\/revisions$/;
const PROXY = /^\/v1\/issuers-registry\/issuers\/([^/?]+)\/proxies\/((?:0x)?[0-9a-fA-F]{64})$/;
const DID_DOCUMENT = /^\/v1\/did-registry\/identifiers\/([^/?]+)(?:\?valid-at=([^&]+))?$/;
const PAGE_SIZE = 50n;

export type ProvenReadsParameters = ProvenState & {
  /** The node's REST reads, whose answers are checked. */
  base: RegistryReads;
};

/**
 * The verifier's reads, with the DID Registry's and the Issuers Registry's checked against proven
 * state: each DID document (as at a time, shaped by the same `toDidDocument` as the node's),
 * attribute list and attribute the node answers is compared with the same view run over state
 * proven against a trusted header (`provenCall`). A difference is a finding: the read fails, naming the
 * member and both values, and the check it decides fails. Other reads are the node's, as before.
 */
export function createProvenReads(parameters: ProvenReadsParameters): RegistryReads {
  const { base } = parameters;
  const view = provenView(parameters);
  const checked = async <T>(read: Read<T>, prove: () => Promise<Proven>): Promise<Read<T>> => {
    let proven: Awaited<ReturnType<typeof prove>>;
    try {
      proven = await prove();
    } catch (error) {
      // A header or proof refused, or the ledger unable to prove: the read is not trusted.
      return {
        ok: false,
        status: undefined,
        source: read.source,
        reason: `The state could not be proven (${parameters.anchor}): ${(error as Error).message}`,
      };
    }
    const { result, mismatch } = proven;
    const where = `proven at block ${result.blockNumber}, ${parameters.anchor}`;
    if (mismatch) {
      return {
        ok: false,
        status: undefined,
        source: read.source,
        reason: describeMismatch(mismatch, where),
      };
    }
    return { ...read, source: `${read.source} (${where})` };
  };
  return {
    ...base,
    async collect<T>(path: string): Promise<Read<T[]>> {
      const read = await base.collect<T>(path);
      const attributes = ATTRIBUTES.exec(path);
      const revisions = REVISIONS.exec(path);
      const list = attributes
        ? {
            what: 'attributes',
            name: decodeURIComponent(attributes[1] as string),
            key: decodeURIComponent(attributes[1] as string),
            registry: 'issuers' as const,
            functionName: 'getIssuerAttributes',
            member: 'id',
          }
        : revisions
          ? {
              what: 'revisions',
              name: revisions[1] as string,
              key: toBytes32(revisions[1] as string),
              registry: 'schemas' as const,
              functionName: 'getSchemaRevisions',
              member: 'schemaRevisionId',
            }
          : undefined;
      if (!list) return read;
      return checked(read, async () => {
        const { ids, last } = await provenPages(view, list.registry, list.functionName, [list.key]);
        const proven = ids.map((id) => id.toLowerCase());
        const node = read.ok
          ? (read.value as Record<string, unknown>[]).map((item) =>
              String(item[list.member]).toLowerCase(),
            )
          : null;
        const same = node !== null ? node.join() === proven.join() : last.reverted;
        return {
          result: last,
          mismatch: same
            ? undefined
            : {
                member: `the ${list.what} of ${list.name}`,
                node,
                proven: last.reverted ? null : proven,
              },
        };
      });
    },
    async get<T>(path: string): Promise<Read<T>> {
      const read = await base.get<T>(path);
      const document = DID_DOCUMENT.exec(path);
      if (document) {
        const did = decodeURIComponent(document[1] as string);
        const at = document[2]
          ? Math.floor(Date.parse(decodeURIComponent(document[2])) / 1000)
          : undefined;
        return checked(read, () => proveDidDocument(view, did, at, read));
      }
      const proxy = PROXY.exec(path);
      if (proxy) {
        const did = decodeURIComponent(proxy[1] as string);
        const id = `0x${(proxy[2] as string).replace(/^0x/, '')}` as Hex;
        return checked(read, async () => {
          const { result, decode } = await view('issuers', 'getIssuerProxy', [did, id]);
          const node = read.ok ? (read.value as Record<string, unknown>) : undefined;
          const absent = result.reverted
            ? revertName(result.returnData, issuersRegistryAbi)
            : undefined;
          if (absent !== undefined || !node)
            return {
              result,
              mismatch: presenceMismatch(`proxy ${id} of ${did}`, read.ok, node, absent, 'a proxy'),
            };
          const proven = toPublishedProxy(decode() as string);
          const member = (['prefix', 'headers', 'testSuffix'] as const).find(
            (key) => JSON.stringify(node[key]) !== JSON.stringify(proven?.[key]),
          );
          return {
            result,
            mismatch: member
              ? {
                  member: `"${member}" of proxy ${id}`,
                  node: node[member],
                  proven: proven?.[member] ?? null,
                }
              : undefined,
          };
        });
      }
      const match = ATTRIBUTE.exec(path);
      if (!match) return read;
      const did = decodeURIComponent(match[1] as string);
      const id = match[2] as Hex;
      const at = match[3] ? Math.floor(Date.parse(decodeURIComponent(match[3])) / 1000) : undefined;
      return checked(read, async () => {
        const proven =
          at === undefined
            ? await provenAttribute(view, did, id)
            : await provenAttributeAt(view, did, id, BigInt(at));
        const node = read.ok
          ? (read.value as { attribute?: Record<string, unknown> }).attribute
          : undefined;
        const { result, revision } = proven;
        if (!revision || !node)
          return {
            result,
            mismatch: presenceMismatch(
              `attribute ${id} of ${did}`,
              read.ok,
              node,
              revision ? undefined : (proven.refusal ?? 'no revision'),
              'an attribute',
            ),
          };
        // The members that decide a link first, so that a finding names the one that matters.
        const expected: Record<string, unknown> = {
          issuerType: ISSUER_TYPES[revision.issuerType],
          tao: revision.taoDid,
          rootTao: revision.rootTaoDid,
          body: hexToString(revision.attributeData),
          hash: revision.revisionId,
        };
        // Ids are hex in either case; DIDs and the credential are compared as they are.
        const same = (key: string) =>
          key === 'hash'
            ? String(node[key]).toLowerCase() === String(expected[key]).toLowerCase()
            : node[key] === expected[key];
        const member = Object.keys(expected).find((key) => !same(key));
        return {
          result,
          mismatch: member
            ? { member: `"${member}"`, node: node[member], proven: expected[member] }
            : undefined,
        };
      });
    },
  };
}

/**
 * Whether the node's answer and the proven state agree that something exists: a finding when the
 * node answered it and the registry reverted (`absent`, its revert), or the other way round.
 */
function presenceMismatch(
  member: string,
  answered: boolean,
  node: unknown,
  absent: string | undefined,
  present: string,
): Proven['mismatch'] {
  if ((absent !== undefined) === !answered) return undefined;
  return { member, node: node ?? null, proven: absent ?? present };
}

/** A proxy's stored data as the node publishes it (header names only), or `undefined` if invalid. */
function toPublishedProxy(
  data: string,
): { prefix: unknown; headers: string[]; testSuffix: unknown } | undefined {
  try {
    const { prefix, headers = {}, testSuffix } = JSON.parse(data) as Record<string, unknown>;
    return { prefix, headers: Object.keys(headers as object), testSuffix };
  } catch {
    // Not JSON: the node cannot use it either, and answers an error.
    return undefined;
  }
}

/** An attribute revision as the Issuers Registry's views return it. */
type RevisionStruct = {
  revisionId: Hex;
  issuerType: number;
  taoDid: string;
  rootTaoDid: string;
  attributeData: Hex;
  timestamp: bigint;
};

/** A proven attribute revision, or why the registry has none (its revert). */
type ProvenRevision = {
  result: ProvenCallResult;
  revision: RevisionStruct | undefined;
  refusal?: string;
};

/** The latest revision of an attribute, over proven state. */
async function provenAttribute(view: ProvenView, did: string, id: Hex): Promise<ProvenRevision> {
  const { result, decode } = await view('issuers', 'getAttribute', [did, id]);
  return result.reverted
    ? { result, revision: undefined, refusal: revertName(result.returnData, issuersRegistryAbi) }
    : { result, revision: decode() as RevisionStruct };
}

/**
 * The revision of an attribute that was its latest at `at` (Unix seconds), over proven state, by
 * the node's own `valid-at` rule ({@link findRevisionAt}).
 */
async function provenAttributeAt(
  view: ProvenView,
  did: string,
  id: Hex,
  at: bigint,
): Promise<ProvenRevision> {
  const { ids, last } = await provenPages(view, 'issuers', 'getAttributeRevisions', [did, id]);
  if (last.reverted)
    return {
      result: last,
      revision: undefined,
      refusal: revertName(last.returnData, issuersRegistryAbi),
    };
  let result = last;
  const revision = await findRevisionAt(
    ids.length,
    async (index) => {
      const read = await view('issuers', 'getAttributeRevision', [did, id, ids[index]]);
      if (read.result.reverted) throw new Error('getAttributeRevision reverted over proven state');
      result = read.result;
      return read.decode() as RevisionStruct;
    },
    at,
  );
  return revision ? { result, revision } : { result, revision, refusal: 'no revision then' };
}

/** Every id of a paginated registry view (`key…`, page, size) over proven state, and its last call. */
async function provenPages(
  view: ProvenView,
  registry: Parameters<ProvenView>[0],
  functionName: string,
  key: readonly unknown[],
): Promise<{ ids: Hex[]; last: ProvenCallResult }> {
  const ids: Hex[] = [];
  for (let page = 1n; ; page++) {
    const { result, decode } = await view(registry, functionName, [...key, page, PAGE_SIZE]);
    if (result.reverted) return { ids, last: result };
    const [items, total] = decode() as [Hex[], bigint];
    ids.push(...items);
    if (BigInt(ids.length) >= total || items.length === 0) return { ids, last: result };
  }
}

/** A schema id in base58btc multibase (`z…`) as the registry's bytes32. */
function toBytes32(multibase: string): Hex {
  return bytesToHex(base58btc.decode(multibase));
}

/**
 * `verifyCredential`'s `trust.proofs`: the DID documents, the Issuers Registry reads and the
 * schema revisions (the issuer's keys, the accreditation chain, the schema) are checked against
 * proven state. With `checkpoint`, headers are trusted by their validators' seals from it
 * (`qbftHeaderSource`); without, the node's latest header is used as it gives it, which catches
 * altered answers and proofs but not a forged header (docs/trust-model.md).
 * @example
 * const report = await verifyCredential(jwt, { node, trust: { proofs: proofs({ checkpoint }) } });
 */
export function proofs(options: ProofOptions = {}): ReadsUpgrade {
  return async ({ client, reads }: { client: CoreClient; reads: RegistryReads }) => {
    const { state, established } = await openProvenState(client, options);
    return {
      reads: createProvenReads({ ...state, base: reads }),
      established: `DID, Issuers and Schemas Registry reads proven (${established}); status lists from one node, not proven (${client.baseUrl})`,
    };
  };
}

/**
 * `getResolver`'s `prove` (`core-registry/resolver`): each DID document the node answers is
 * compared with the same view run over proven state, as `proofs` does for the verifier.
 * @example
 * const resolver = new Resolver(getResolver({ node, prove: didDocumentProofs({ node, checkpoint }) }));
 */
export function didDocumentProofs(
  options: ProofOptions & { node: string },
): (request: {
  did: string;
  at: number | undefined;
  document: unknown;
}) => Promise<{ ok: boolean; detail: string }> {
  const client = createCoreClient({ baseUrl: options.node.replace(/\/+$/, '') });
  let opened: ReturnType<typeof openProvenState> | undefined;
  return async ({ did, at, document }) => {
    try {
      opened ??= openProvenState(client, options);
      const { state } = await opened;
      const { result, mismatch } = await proveDidDocument(provenView(state), did, at, {
        ok: true,
        value: document,
      });
      const where = `proven at block ${result.blockNumber}, ${state.anchor}`;
      return mismatch
        ? { ok: false, detail: describeMismatch(mismatch, where) }
        : { ok: true, detail: where };
    } catch (error) {
      opened = undefined;
      return { ok: false, detail: `The document could not be proven: ${(error as Error).message}` };
    }
  };
}
