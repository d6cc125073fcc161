import { type Address, decodeFunctionData, type Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { VerifiedAccessToken } from '../../auth/accessToken.js';
import { RpcError } from '../../errors/rpc.js';
import { InstanceInvalidError } from '../../errors/target.js';
import { WriteRefusedError } from '../../errors/write.js';
import { DID_KEY_PREFIX, toDidKeyJwk } from '../../identity/didKey.js';
import { toPublicKeyHex } from '../../identity/jwk.js';
import type { BlockReader, ChainReader } from '../../ledger/createChainReader.js';
import type { LedgerClient } from '../../ledger/createLedgerClient.js';
import type { Environment } from '../../ledger/environment.js';
import { getRegistryTypeAt, isRegisteredInstance } from '../../ledger/getRegistryTypeAt.js';
import { REGISTRIES, type RegistryName, toRegistryName } from '../../ledger/registryCatalog.js';
import { REGISTRY_VIEWS_ABI } from '../../ledger/registryViewsAbi.js';
import { isController } from '../../registries/did-registry/views.js';
import { checkDidRegistryArguments } from '../../registries/did-registry/writes.js';
import { parseBearerToken } from './parseBearerToken.js';
import { parseRawTransaction, type RawTransaction } from './parseRawTransaction.js';
import { WRITE_TABLE } from './writeTable.js';

export type CreateWriteGateParameters = {
  environment: Environment;
  ledger: LedgerClient;
  chain: ChainReader;
  verifyToken(token: string): Promise<VerifiedAccessToken>;
};

/** The gate of one HTTP request: one token, one block, any number of raw transactions. */
export type RequestWriteGate = {
  /**
   * Decides whether an `eth_sendRawTransaction` entry may be forwarded.
   * @throws {RpcError} `INVALID_REQUEST` saying precisely why not.
   */
  admit(params: readonly unknown[]): Promise<void>;
};

export type WriteGate = { forRequest(authorization: string | undefined): RequestWriteGate };

/** What a transaction writes to. */
type Target =
  | { kind: 'registry'; registry: RegistryName; instance: Address }
  | { kind: 'invoke'; instance: Address };

/**
 * The write gate of `POST /v1/ledger`: token, transaction, target, function → scope, signer ↔
 * holder binding, DID Registry argument rules. Rejects by default.
 * - Spec: SPEC.md §4.3, §4.4, §7.3
 * - Design: DESIGN.md §6
 */
export function createWriteGate(parameters: CreateWriteGateParameters): WriteGate {
  const { environment, ledger, chain } = parameters;
  // Only registered instances are remembered (their type and registration never change). A
  // refusal is asked again next time: an address refused before its instance was deployed must
  // not stay refused (instance addresses are predictable).
  const instances = new Map<Address, RegistryName>();

  async function registryAt(address: Address): Promise<RegistryName | undefined> {
    const fallback = (Object.entries(environment.registries) as [RegistryName, Address][]).find(
      ([, a]) => a === address,
    );
    if (fallback) return fallback[0];
    const known = instances.get(address);
    if (known) return known;
    const found = await getRegistryTypeAt(ledger, address);
    const name = found.kind === 'registry' ? toRegistryName(found.type) : undefined;
    if (!name || !(await isRegisteredInstance(ledger, environment.contractsRegistry, address)))
      return undefined;
    instances.set(address, name);
    return name;
  }

  return {
    forRequest(authorization) {
      let token: Promise<VerifiedAccessToken> | undefined;
      let reader: Promise<BlockReader> | undefined;
      const verified = () => {
        token ??= (async () => parameters.verifyToken(parseBearerToken(authorization)))();
        return token;
      };
      // One block per HTTP request, asked after it arrived: a key registered a moment ago counts.
      const block = () => {
        reader ??= chain.latest();
        return reader;
      };
      return {
        async admit(params) {
          const access = await verified();
          if (params.length !== 1)
            throw new RpcError(
              'INVALID_PARAMS',
              'Invalid params: "eth_sendRawTransaction" takes one signed transaction',
            );
          const tx = parseRawTransaction(params[0], environment.chainId);
          const target = await resolveTarget(tx, access, registryAt);
          if (target.kind === 'registry') await checkRegistryCall(tx, target, access, environment);
          await bindSigner(tx, target, access, block, environment);
        },
      };
    },
  };
}

async function resolveTarget(
  tx: RawTransaction,
  access: VerifiedAccessToken,
  registryAt: (address: Address) => Promise<RegistryName | undefined>,
): Promise<Target> {
  if (
    access.scope.scopes.some((scope) => scope.name === 'ledger:invoke' && scope.instance === tx.to)
  ) {
    return { kind: 'invoke', instance: tx.to };
  }
  const registry = await registryAt(tx.to);
  if (!registry) {
    throw new WriteRefusedError({ reason: 'target', to: tx.to });
  }
  return { kind: 'registry', registry, instance: tx.to };
}

async function checkRegistryCall(
  tx: RawTransaction,
  target: Extract<Target, { kind: 'registry' }>,
  access: VerifiedAccessToken,
  environment: Environment,
) {
  let call: { functionName: string; args: readonly unknown[] };
  try {
    const decoded = decodeFunctionData({
      abi: REGISTRIES[target.registry].abi,
      data: tx.data as Hex,
    });
    call = { functionName: decoded.functionName, args: decoded.args ?? [] };
  } catch (cause) {
    throw new WriteRefusedError(
      { reason: 'function', contractName: REGISTRIES[target.registry].contractName },
      { cause },
    );
  }
  const allowed = WRITE_TABLE[target.registry][call.functionName];
  if (!allowed) {
    throw new WriteRefusedError({
      reason: 'function',
      contractName: REGISTRIES[target.registry].contractName,
      functionName: call.functionName,
    });
  }
  const fallback = environment.registries[target.registry];
  const granted = access.scope.scopes.some(
    (scope) => allowed.includes(scope.name) && (scope.instance ?? fallback) === target.instance,
  );
  if (!granted) {
    throw new WriteRefusedError({
      reason: 'scope',
      scopes: allowed,
      instance: target.instance,
      functionName: call.functionName,
    });
  }
  if (target.registry === 'did-registry') {
    const refusal = await checkDidRegistryArguments(call.functionName, call.args, access);
    if (refusal) throw new WriteRefusedError({ reason: 'arguments', detail: refusal });
  }
}

/**
 * The sender must act for the token's holder: a did:core holder's controller key (the DID
 * Registry linked to the target), a did:key holder's own key, or, for an invite, the key being
 * registered (checked with the arguments).
 */
async function bindSigner(
  tx: RawTransaction,
  target: Target,
  access: VerifiedAccessToken,
  block: () => Promise<BlockReader>,
  environment: Environment,
): Promise<void> {
  if (access.scope.scopes.some((scope) => scope.name === 'did-registry:invite')) {
    const { args } = decodeFunctionData({
      abi: REGISTRIES['did-registry'].abi,
      data: tx.data as Hex,
    });
    const publicKey = (args as readonly unknown[])[3];
    if (publicKeyToAddress(publicKey as Hex) !== tx.from) {
      throw new WriteRefusedError({ reason: 'signer', sender: tx.from, key: 'registered' });
    }
    return;
  }
  if (access.sub.startsWith(DID_KEY_PREFIX)) {
    const jwk = toDidKeyJwk(access.sub);
    if (jwk?.crv !== 'secp256k1' || publicKeyToAddress(toPublicKeyHex(jwk)) !== tx.from) {
      throw new WriteRefusedError({
        reason: 'signer',
        sender: tx.from,
        holder: access.sub,
        key: 'holder',
      });
    }
    return;
  }
  const reader = await block();
  const didRegistry = await didRegistryFor(target, reader, environment);
  if (!(await isController(reader, didRegistry, access.sub, tx.from))) {
    throw new WriteRefusedError({
      reason: 'signer',
      sender: tx.from,
      holder: access.sub,
      key: 'controller',
    });
  }
}

async function didRegistryFor(
  target: Target,
  reader: BlockReader,
  environment: Environment,
): Promise<Address> {
  if (target.kind === 'registry') {
    if (target.registry === 'did-registry') return target.instance;
    if (target.registry === 'issuers-registry' || target.registry === 'track-and-trace') {
      const linked = await reader.read({
        address: target.instance,
        abi: REGISTRY_VIEWS_ABI,
        functionName: 'didRegistry',
      });
      if (/^0x0{40}$/.test(linked)) {
        throw new InstanceInvalidError('unlinked', target.instance, undefined);
      }
      return linked;
    }
  }
  return environment.registries['did-registry'];
}
