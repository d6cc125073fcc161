import { base58btc } from 'multiformats/bases/base58';
import {
  type Address,
  bytesToHex,
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  hexToString,
} from 'viem';
import { didRegistryAbi } from '../../../artifacts/DidRegistry.js';
import { issuersRegistryAbi } from '../../../artifacts/IssuersRegistry.js';
import { schemasRegistryAbi } from '../../../artifacts/SchemasRegistry.js';
import { type DidDocumentRecord, toDidDocument } from '../../identity/didDocument.js';
import { ISSUER_TYPES } from '../../identity/issuerTypes.js';
import type { CoreClient } from '../createCoreClient.js';
import type { Read, RegistryReads } from '../verify/createRegistryReads.js';
import type { ReadsUpgrade } from '../verifyCredential.js';
import { type ProvenCallResult, provenCall } from './provenCall.js';
import type { RpcHeader } from './qbftHeader.js';
import { type QbftCheckpoint, qbftHeaderSource } from './qbftHeaderSource.js';

/** The node's answer and the proven state disagree: which member, and both values. */
type Mismatch = { member: string; node: unknown; proven: unknown };

const ATTRIBUTES = /^\/v1\/issuers-registry\/issuers\/([^/?]+)\/attributes$/;
const ATTRIBUTE = /^\/v1\/issuers-registry\/issuers\/([^/?]+)\/attributes\/(0x[0-9a-fA-F]{64})$/;
const REVISIONS = /^\/v1\/schemas-registry\/schemas\/(z[1-9A-HJ-NP-Za-km-z]+)\/revisions$/;
const DID_DOCUMENT = /^\/v1\/did-registry\/identifiers\/([^/?]+)(?:\?valid-at=([^&]+))?$/;
const PAGE_SIZE = 50n;

export type ProvenReadsParameters = {
  /** The node's REST reads, whose answers are checked. */
  base: RegistryReads;
  client: Parameters<typeof provenCall>[0];
  chainId: number;
  /** The registries whose state is proven. */
  issuersRegistry: Address;
  didRegistry: Address;
  schemasRegistry: Address;
  /** Trusted headers (`qbftHeaderSource`, or the node's own). */
  header: () => Promise<RpcHeader>;
  /** How the header was established, for each read's source: `header by 3 of 4 validator seals`. */
  anchor: string;
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
  const registries = {
    issuers: { address: parameters.issuersRegistry, abi: issuersRegistryAbi },
    dids: { address: parameters.didRegistry, abi: didRegistryAbi },
    schemas: { address: parameters.schemasRegistry, abi: schemasRegistryAbi },
  };
  const view = async (
    registry: keyof typeof registries,
    functionName: string,
    args: readonly unknown[],
  ) => {
    const { address, abi } = registries[registry];
    const data = encodeFunctionData({ abi, functionName, args } as never);
    const result = await provenCall(parameters.client, {
      to: address,
      data,
      chainId: parameters.chainId,
      header: parameters.header,
    });
    return {
      result,
      decode: () =>
        decodeFunctionResult({ abi, functionName, data: result.returnData } as never) as unknown,
    };
  };
  const checked = async <T>(
    read: Read<T>,
    prove: () => Promise<{ result: ProvenCallResult; mismatch: Mismatch | undefined }>,
  ): Promise<Read<T>> => {
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
        reason: `The node's answer differs from the state ${where}: ${mismatch.member} is ${JSON.stringify(mismatch.node)}, proven ${JSON.stringify(mismatch.proven)}`,
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
        const ids: Hex[] = [];
        let last: ProvenCallResult | undefined;
        for (let page = 1n; ; page++) {
          const { result, decode } = await view(list.registry, list.functionName, [
            list.key,
            page,
            PAGE_SIZE,
          ]);
          last = result;
          if (result.reverted) break;
          const [items, total] = decode() as [Hex[], bigint];
          ids.push(...items);
          if (BigInt(ids.length) >= total || items.length === 0) break;
        }
        const proven = ids.map((id) => id.toLowerCase());
        const node = read.ok
          ? (read.value as Record<string, unknown>[]).map((item) =>
              String(item[list.member]).toLowerCase(),
            )
          : null;
        const same = node !== null ? node.join() === proven.join() : last?.reverted === true;
        return {
          result: last as ProvenCallResult,
          mismatch: same
            ? undefined
            : {
                member: `the ${list.what} of ${list.name}`,
                node,
                proven: last?.reverted ? null : proven,
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
        return checked(read, async () => {
          const { result, decode } = await (at === undefined
            ? view('dids', 'getDidDocument', [did])
            : view('dids', 'getDidDocumentByTimestamp', [did, BigInt(at)]));
          if (result.reverted || !read.ok) {
            return {
              result,
              mismatch:
                result.reverted === !read.ok
                  ? undefined
                  : {
                      member: `the document of ${did}`,
                      node: read.ok ? 'a document' : null,
                      proven: result.reverted
                        ? revertName(result.returnData, didRegistryAbi)
                        : 'a document',
                    },
            };
          }
          const proven = toDidDocument(did, decode() as DidDocumentRecord).document;
          const member = differingMember(read.value as Record<string, unknown>, proven);
          return {
            result,
            mismatch:
              member === undefined
                ? undefined
                : {
                    member: `"${member}" of the document of ${did}`,
                    node: (read.value as Record<string, unknown>)[member] ?? null,
                    proven: (proven as Record<string, unknown>)[member] ?? null,
                  },
          };
        });
      }
      const match = ATTRIBUTE.exec(path);
      if (!match) return read;
      const did = decodeURIComponent(match[1] as string);
      return checked(read, async () => {
        const { result, decode } = await view('issuers', 'getAttribute', [did, match[2]]);
        const node = read.ok
          ? (read.value as { attribute?: Record<string, unknown> }).attribute
          : undefined;
        if (result.reverted || !node) {
          const proven = result.reverted
            ? revertName(result.returnData, issuersRegistryAbi)
            : 'an attribute';
          return {
            result,
            mismatch:
              result.reverted === !read.ok
                ? undefined
                : { member: `attribute ${match[2]} of ${did}`, node: node ?? null, proven },
          };
        }
        const attribute = decode() as {
          revisionId: Hex;
          issuerType: number;
          taoDid: string;
          rootTaoDid: string;
          attributeData: Hex;
        };
        // The members that decide a link first, so that a finding names the one that matters.
        const proven: Record<string, unknown> = {
          issuerType: ISSUER_TYPES[attribute.issuerType],
          tao: attribute.taoDid,
          rootTao: attribute.rootTaoDid,
          body: hexToString(attribute.attributeData),
          hash: attribute.revisionId,
        };
        // Ids are hex in either case; DIDs and the credential are compared as they are.
        const same = (key: string) =>
          key === 'hash'
            ? String(node[key]).toLowerCase() === String(proven[key]).toLowerCase()
            : node[key] === proven[key];
        const member = Object.keys(proven).find((key) => !same(key));
        return {
          result,
          mismatch: member
            ? { member: `"${member}"`, node: node[member], proven: proven[member] }
            : undefined,
        };
      });
    },
  };
}

function revertName(data: Hex, abi: typeof issuersRegistryAbi | typeof didRegistryAbi): string {
  try {
    return decodeErrorResult({ abi: abi as never, data }).errorName;
  } catch {
    return 'a revert';
  }
}

/** A schema id in base58btc multibase (`z…`) as the registry's bytes32. */
function toBytes32(multibase: string): Hex {
  return bytesToHex(base58btc.decode(multibase));
}

/** The first member (of either) whose values differ, compared as canonical JSON. */
function differingMember(node: Record<string, unknown>, proven: object): string | undefined {
  const other = proven as Record<string, unknown>;
  return [...new Set([...Object.keys(other), ...Object.keys(node)])].find(
    (member) => canonical(node[member]) !== canonical(other[member]),
  );
}

/** JSON with object members sorted: the same value whatever order a serialiser wrote. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1)))
      : entry,
  );
}

/**
 * `verifyCredential`'s `trust.proofs`: the DID documents and the Issuers Registry reads (the
 * issuer's keys and the accreditation chain) are checked against proven state. With `checkpoint`, headers are trusted by their validators' seals
 * from it (`qbftHeaderSource`); without, the node's latest header is used as it gives it, which
 * catches altered answers and proofs but not a forged header (docs/trust-model.md).
 * @example
 * const report = await verifyCredential(jwt, { node, trust: { proofs: proofs({ checkpoint }) } });
 */
export function proofs(
  options: {
    checkpoint?: QbftCheckpoint;
    /** The registries whose answers are proven (default: the node's defaults, as it names them). */
    issuersRegistry?: Address;
    didRegistry?: Address;
    schemasRegistry?: Address;
    epochLength?: bigint;
  } = {},
): ReadsUpgrade {
  return async ({ client, reads }: { client: CoreClient; reads: RegistryReads }) => {
    const { checkpoint } = options;
    const header = checkpoint
      ? qbftHeaderSource(client, checkpoint, options.epochLength)
      : () => client.rpc<RpcHeader>('eth_getBlockByNumber', ['latest', false]);
    const anchor = checkpoint
      ? `header by validator seals from block ${checkpoint.number}`
      : 'header as the node gave it';
    const addressOf = (given: Address | undefined, registry: Parameters<CoreClient['abi']>[0]) =>
      given ?? client.abi(registry).then((abi) => abi.contractAddress);
    const [issuersRegistry, didRegistry, schemasRegistry] = await Promise.all([
      addressOf(options.issuersRegistry, 'issuers-registry'),
      addressOf(options.didRegistry, 'did-registry'),
      addressOf(options.schemasRegistry, 'schemas-registry'),
    ]);
    const named =
      options.issuersRegistry && options.didRegistry && options.schemasRegistry
        ? ''
        : ', as the node named them';
    return {
      reads: createProvenReads({
        base: reads,
        client,
        chainId: await client.chainId(),
        issuersRegistry,
        didRegistry,
        schemasRegistry,
        header,
        anchor,
      }),
      established: `DID, Issuers and Schemas Registry reads proven (${anchor}; registries ${didRegistry}, ${issuersRegistry}, ${schemasRegistry}${named}); status lists from one node, not proven (${client.baseUrl})`,
    };
  };
}
