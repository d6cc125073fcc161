import { readFileSync } from 'node:fs';
import type { Address, Hex } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import type { RemoteSigner } from '../client/credentials.js';
import { signCall } from '../client/signWrites.js';
import { type Receipt, waitForReceipt } from '../client/writeContract.js';
import { isPkcs11Uri } from '../crypto/pkcs11/pkcs11Uri.js';
import { openOperator, openSecp256k1Key } from '../genesis/operator.js';
import type { GovernanceJson, ProposalJson } from '../governance/api/toGovernanceJson.js';
import { toDidKey } from '../identity/didKey.js';
import type { AdminContext } from './adminContext.js';
import { CliPreconditionError, CliUsageError } from './output.js';
import { requestTokenStep } from './steps.js';

/** An operator of a governed network: a Safe owner's key, presented as its did:key. */
export type Member = RemoteSigner & { account: LocalAccount };

/**
 * The key `--operator-key` names, as a member of the governance: a private JWK file, a `pkcs11:`
 * URI, or an operator record (its key). It signs as the did:key of its public key, which the token
 * endpoint accepts when its address is one of the Safe's owners.
 */
export async function readMember({ operatorKey }: AdminContext): Promise<Member> {
  const { key, pkcs11 } = operatorKey;
  const opened = await (async () => {
    if (!isPkcs11Uri(key) && isOperatorRecord(key)) {
      const operator = await openOperator(operatorKey, { create: false });
      return { ...operator, publicJwk: operator.publicKeyJwk };
    }
    return openSecp256k1Key(key, pkcs11, '--operator-key');
  })().catch((error: unknown) => {
    throw new CliUsageError(
      `Cannot use the operator key ${key} (${(error as Error).message}): pass --operator-key <key file | pkcs11: URI>`,
    );
  });
  const did = toDidKey(opened.publicJwk);
  return {
    did,
    kid: `${did}#${did.slice('did:key:'.length)}`,
    signingKey: opened.signingKey,
    account: opened.account,
  };
}

function isOperatorRecord(path: string): boolean {
  try {
    return typeof JSON.parse(readFileSync(path, 'utf8')).did === 'string';
  } catch {
    return false;
  }
}

/** The network's governance, as `GET /v1/governance` shows it; a precondition error if there is none. */
export async function readGovernance({ client, output }: AdminContext): Promise<GovernanceJson> {
  const governance = await output.step('Read the governance', () =>
    client.get<GovernanceJson | { governed: false; operatorDid: string }>('/v1/governance'),
  );
  if (!governance.governed) {
    throw new CliPreconditionError(
      `This network has no governance: its operator ${governance.operatorDid} decides alone (run the admin command itself)`,
    );
  }
  return governance;
}

/** A proposal by its id, or by a prefix of it that names one proposal only. */
export function findProposal(governance: GovernanceJson, id: string | undefined): ProposalJson {
  if (id === undefined || !/^0x[0-9a-fA-F]{4,64}$/.test(id)) {
    throw new CliUsageError('Name a proposal by its id (0x…, at least 4 hex digits of it)');
  }
  const found = governance.proposals.filter((p) => p.id.startsWith(id.toLowerCase()));
  if (found.length !== 1) {
    throw new CliPreconditionError(
      found.length === 0 ? `No proposal ${id}` : `${id} names ${found.length} proposals`,
    );
  }
  return found[0] as ProposalJson;
}

/** Checks that `member` is one of the governance's operators. */
export function assertMember(governance: GovernanceJson, member: Member): void {
  if (!governance.members.includes(member.account.address)) {
    throw new CliPreconditionError(
      `${member.account.address} is not an operator of this network (its operators: ${governance.members.join(', ')})`,
    );
  }
}

/**
 * Sends one call to a governance contract as the step `name`: a `ledger:invoke` token for the
 * contract, then the transaction through `POST /v1/ledger`.
 */
export async function sendToGovernance(
  context: AdminContext,
  member: Member,
  call: { to: Address; data: Hex },
  name: string,
): Promise<Receipt> {
  const { client, output } = context;
  const accessToken = await requestTokenStep(context, member, `ledger:invoke:${call.to}`);
  return output.step(name, async (progress) => {
    const [chainId, nonce] = await Promise.all([
      client.chainId(),
      client.rpc<Hex>('eth_getTransactionCount', [member.account.address, 'pending']).then(Number),
    ]);
    const raw = await signCall(member.account, { chainId, ...call, nonce });
    const hash = await client.rpc<Hex>('eth_sendRawTransaction', [raw], accessToken);
    return waitForReceipt(client, { hash, onProgress: progress });
  });
}
