import { type Address, decodeFunctionData, type Hex } from 'viem';
import type { VerifiedAccessToken } from '../../auth/accessToken.js';
import type { CryptoPool } from '../../crypto/createCryptoPool.js';
import { RpcError } from '../../errors/rpc.js';
import { WriteRefusedError } from '../../errors/write.js';
import type { Environment } from '../../genesis/environment.js';
import type { BlockReader, ChainReader } from '../../ledger/createChainReader.js';
import { descriptorOf, type RegistryName, registryOfRole } from '../../registries/catalog.js';
import type { BlockTargets, Targets } from '../../registries/common/targets.js';
import type { WriteRule } from '../../registries/common/writeRules.js';
import { bindSigner } from './bindSigner.js';
import { parseBearerToken } from './parseBearerToken.js';
import { decodeRawTransaction, type RawTransaction, recoverSender } from './parseRawTransaction.js';

export type CreateWriteGateParameters = {
  environment: Environment;
  chain: ChainReader;
  targets: Targets;
  verifyToken(token: string): Promise<VerifiedAccessToken>;
  /** Where senders are recovered: the node's crypto threads. */
  crypto: CryptoPool;
};

/** The gate of one HTTP request: one token, one block, any number of raw transactions. */
export type RequestWriteGate = {
  /**
   * Decides whether an `eth_sendRawTransaction` entry may be forwarded.
   * @throws {AccessTokenInvalidError | TransactionInvalidError | WriteRefusedError | InstanceInvalidError}
   *   saying precisely why not.
   */
  admit(params: readonly unknown[]): Promise<void>;
};

export type WriteGate = { forRequest(authorization: string | undefined): RequestWriteGate };

/** What a transaction writes to, and the call decoded once against its registry's ABI. */
type Target =
  | {
      kind: 'registry';
      registry: RegistryName;
      instance: Address;
      functionName: string;
      args: readonly unknown[];
      rule: WriteRule;
    }
  | { kind: 'invoke'; instance: Address };

/**
 * The write gate of `POST /v1/ledger`: token, transaction, target, function → scope, argument
 * rules, signer ↔ holder binding, all read at one block per HTTP request. The rules are the
 * registries' write tables (data); the gate names no registry. Rejects by default.
 * - Spec: SPEC.md §4.3, §4.4, §7.3
 * - Design: DESIGN.md §6
 */
export function createWriteGate(parameters: CreateWriteGateParameters): WriteGate {
  const { environment, chain, targets } = parameters;
  const defaultDidRegistry = environment.registries[registryOfRole('dids')];
  return {
    forRequest(authorization) {
      let token: Promise<VerifiedAccessToken> | undefined;
      let block: Promise<{ reader: BlockReader; targets: BlockTargets }> | undefined;
      const verified = () => {
        token ??= (async () => parameters.verifyToken(parseBearerToken(authorization)))();
        return token;
      };
      // One block per HTTP request, asked after it arrived: a key registered a moment ago counts.
      const pinned = () => {
        block ??= chain.latest().then((reader) => ({ reader, targets: targets.at(reader) }));
        return block;
      };
      return {
        async admit(params) {
          const access = await verified();
          if (params.length !== 1)
            throw new RpcError(
              'INVALID_PARAMS',
              'Invalid params: "eth_sendRawTransaction" takes one signed transaction',
            );
          const tx = await recoverSender(
            decodeRawTransaction(params[0], environment.chainId),
            parameters.crypto,
          );
          const at = await pinned();
          const target = await resolveTarget(tx, access, at.targets);
          if (target.kind === 'registry') await checkRegistryCall(target, access, environment);
          const didRegistry = async () =>
            (target.kind === 'registry' &&
              (await at.targets.holderDidRegistry(target.registry, target.instance))) ||
            defaultDidRegistry;
          const senderKey =
            target.kind === 'registry' && target.rule.senderKeyArgument !== undefined
              ? target.args[target.rule.senderKeyArgument]
              : undefined;
          await bindSigner(tx, access, { reader: at.reader, didRegistry, senderKey });
        },
      };
    },
  };
}

async function resolveTarget(
  tx: RawTransaction,
  access: VerifiedAccessToken,
  targets: BlockTargets,
): Promise<Target> {
  if (
    access.scope.scopes.some((scope) => scope.name === 'ledger:invoke' && scope.instance === tx.to)
  ) {
    return { kind: 'invoke', instance: tx.to };
  }
  const registry = (await targets.registryAt(tx.to)) as RegistryName | undefined;
  if (!registry) throw new WriteRefusedError({ reason: 'target', to: tx.to });
  const { contract, writes } = descriptorOf(registry);
  let call: { functionName: string; args: readonly unknown[] };
  try {
    const decoded = decodeFunctionData({ abi: contract.abi, data: tx.data as Hex });
    call = { functionName: decoded.functionName, args: decoded.args ?? [] };
  } catch (cause) {
    throw new WriteRefusedError(
      { reason: 'function', contractName: contract.contractName },
      { cause },
    );
  }
  const rule = (writes as Readonly<Record<string, WriteRule>>)[call.functionName];
  if (!rule) {
    throw new WriteRefusedError({
      reason: 'function',
      contractName: contract.contractName,
      functionName: call.functionName,
    });
  }
  return { kind: 'registry', registry, instance: tx.to, ...call, rule };
}

async function checkRegistryCall(
  target: Extract<Target, { kind: 'registry' }>,
  access: VerifiedAccessToken,
  environment: Environment,
): Promise<void> {
  const { rule, functionName, instance } = target;
  const fallback = environment.registries[target.registry];
  const granted = access.scope.scopes.some(
    (scope) =>
      (rule.scopes as readonly string[]).includes(scope.name) &&
      (scope.instance ?? fallback) === instance,
  );
  if (!granted) {
    throw new WriteRefusedError({ reason: 'scope', scopes: rule.scopes, instance, functionName });
  }
  const refusal = await rule.checkArguments?.(target.args, access);
  if (refusal) throw new WriteRefusedError({ reason: 'arguments', detail: refusal });
}
