import {
  type Address,
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  hexToString,
} from 'viem';
import { issuersRegistryAbi } from '../../../artifacts/IssuersRegistry.js';
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
const PAGE_SIZE = 50n;

export type ProvenReadsParameters = {
  /** The node's REST reads, whose answers are checked. */
  base: RegistryReads;
  client: Parameters<typeof provenCall>[0];
  chainId: number;
  /** The Issuers Registry whose state is proven. */
  issuersRegistry: Address;
  /** Trusted headers (`qbftHeaderSource`, or the node's own). */
  header: () => Promise<RpcHeader>;
  /** How the header was established, for each read's source: `header by 3 of 4 validator seals`. */
  anchor: string;
};

/**
 * The verifier's reads, with the Issuers Registry's checked against proven state: each attribute
 * list and attribute the node answers is compared with the same view run over state proven
 * against a trusted header (`provenCall`). A difference is a finding: the read fails, naming the
 * member and both values, and the check it decides fails. Other reads are the node's, as before.
 */
export function createProvenReads(parameters: ProvenReadsParameters): RegistryReads {
  const { base } = parameters;
  const view = async (functionName: string, args: readonly unknown[]) => {
    const data = encodeFunctionData({ abi: issuersRegistryAbi, functionName, args } as never);
    const result = await provenCall(parameters.client, {
      to: parameters.issuersRegistry,
      data,
      chainId: parameters.chainId,
      header: parameters.header,
    });
    return {
      result,
      decode: () =>
        decodeFunctionResult({
          abi: issuersRegistryAbi,
          functionName,
          data: result.returnData,
        } as never) as unknown,
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
      const match = ATTRIBUTES.exec(path);
      if (!match) return read;
      const did = decodeURIComponent(match[1] as string);
      return checked(read, async () => {
        const ids: Hex[] = [];
        let last: ProvenCallResult | undefined;
        for (let page = 1n; ; page++) {
          const { result, decode } = await view('getIssuerAttributes', [did, page, PAGE_SIZE]);
          last = result;
          if (result.reverted) break;
          const [items, total] = decode() as [Hex[], bigint];
          ids.push(...items);
          if (BigInt(ids.length) >= total || items.length === 0) break;
        }
        const proven = ids.map((id) => id.toLowerCase());
        const node = read.ok
          ? (read.value as { id: string }[]).map(({ id }) => id.toLowerCase())
          : null;
        const same = node !== null ? node.join() === proven.join() : last?.reverted === true;
        return {
          result: last as ProvenCallResult,
          mismatch: same
            ? undefined
            : { member: `the attributes of ${did}`, node, proven: last?.reverted ? null : proven },
        };
      });
    },
    async get<T>(path: string): Promise<Read<T>> {
      const read = await base.get<T>(path);
      const match = ATTRIBUTE.exec(path);
      if (!match) return read;
      const did = decodeURIComponent(match[1] as string);
      return checked(read, async () => {
        const { result, decode } = await view('getAttribute', [did, match[2]]);
        const node = read.ok
          ? (read.value as { attribute?: Record<string, unknown> }).attribute
          : undefined;
        if (result.reverted || !node) {
          const proven = result.reverted ? revertName(result.returnData) : 'an attribute';
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

function revertName(data: Hex): string {
  try {
    return decodeErrorResult({ abi: issuersRegistryAbi, data }).errorName;
  } catch {
    return 'a revert';
  }
}

/**
 * `verifyCredential`'s `trust.proofs`: the Issuers Registry reads (the accreditation chain) are
 * checked against proven state. With `checkpoint`, headers are trusted by their validators' seals
 * from it (`qbftHeaderSource`); without, the node's latest header is used as it gives it, which
 * catches altered answers and proofs but not a forged header (docs/trust-model.md).
 * @example
 * const report = await verifyCredential(jwt, { node, trust: { proofs: proofs({ checkpoint }) } });
 */
export function proofs(
  options: { checkpoint?: QbftCheckpoint; issuersRegistry?: Address; epochLength?: bigint } = {},
): ReadsUpgrade {
  return async ({ client, reads }: { client: CoreClient; reads: RegistryReads }) => {
    const { checkpoint } = options;
    const header = checkpoint
      ? qbftHeaderSource(client, checkpoint, options.epochLength)
      : () => client.rpc<RpcHeader>('eth_getBlockByNumber', ['latest', false]);
    const anchor = checkpoint
      ? `header by validator seals from block ${checkpoint.number}`
      : 'header as the node gave it';
    const issuersRegistry =
      options.issuersRegistry ?? (await client.abi('issuers-registry')).contractAddress;
    return {
      reads: createProvenReads({
        base: reads,
        client,
        chainId: await client.chainId(),
        issuersRegistry,
        header,
        anchor,
      }),
      established: `Issuers Registry reads proven (${anchor}, registry ${issuersRegistry}${options.issuersRegistry ? '' : ' as the node named it'}); other reads from one node, not proven (${client.baseUrl})`,
    };
  };
}
