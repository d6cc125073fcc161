import { setTimeout as sleep } from 'node:timers/promises';
import type { Address } from 'viem';
import type { CoreClient } from '../client/createCoreClient.js';
import { ProblemResponseError } from '../client/errors.js';
import { paginate } from '../client/paginate.js';
import type { DidDocument } from '../client/responses.js';
import { isPkcs11Uri } from '../crypto/pkcs11/pkcs11Uri.js';
import { prepareOperatorKey, writeRecord } from '../genesis/operator.js';
import { toPublicKeyHex } from '../identity/jwk.js';
import type { AdminContext } from './adminContext.js';
import { readOperatorSigner, sendAs } from './operatorSteps.js';
import { CliPreconditionError, CliUsageError } from './output.js';
import { blockTime } from './steps.js';

/** End of the new key's relationships, as genesis gives the first one: 9999-12-31T23:59:59Z. */
const FAR_FUTURE = 253_402_300_799n;
/** How long the handover waits for the node to resolve the operator DID with the new key. */
const SEE_NEW_KEY_MS = 30_000;

/**
 * `admin handover --to <key>`: hands the operator role to another key, keeping the operator's
 * DID (the network's Root TAO). Each step leaves a working operator behind, and a run that
 * stopped half-way resumes where it stopped when run again with the same `--to`:
 * 1. the current key grants every policy it holds to the new key's address;
 * 2. it rolls the operator DID's key to the new one (same relationships; the old one ends now);
 * 3. the new key, now able to obtain tokens, deletes the old address's policies;
 * 4. the operator record names the new key.
 */
export async function handover(args: string[], context: AdminContext): Promise<void> {
  if (args.length > 0 || context.to === undefined) {
    throw new CliUsageError('admin handover takes --to <pkcs11: URI | key file> and no arguments');
  }
  const { output, client } = context;
  const old = await readOperatorSigner(context.operatorKey);
  const next = await output.step('Open the new key', () =>
    prepareOperatorKey(old.did, context.to as string, context.operatorKey.pkcs11),
  );
  const successor = next.operator;
  if (successor.address === old.address) {
    // The last step of a handover writes the record: one that names the key is complete.
    output.result(
      { did: old.did, kid: old.kid, address: old.address, transactionHashes: [] },
      `${old.did} is administered by ${old.address} already: nothing to do`,
    );
    return;
  }
  const [document, oldPolicies, newPolicies] = await Promise.all([
    client.get<DidDocument>(`/v1/did-registry/identifiers/${old.did}`),
    policiesOf(client, old.address),
    policiesOf(client, successor.address),
  ]);
  const rolled = (document.capabilityInvocation ?? []).includes(successor.kid);
  if (!rolled && oldPolicies.length === 0) {
    throw new CliPreconditionError(
      `The operator key ${old.address} holds no policy in the Policies Registry: it is not the operator`,
    );
  }
  const missing = oldPolicies.filter((policy) => !newPolicies.includes(policy));
  const transactionHashes: string[] = [];
  // Before the roll only the old key can obtain tokens for the operator DID; after it, only the new.
  const granter = rolled ? successor : old;
  if (missing.length > 0) {
    const receipt = await sendAs(context, granter, {
      step: `Grant ${missing.length} policies to ${successor.address}`,
      registry: 'policies-registry',
      functionName: 'insertUserAttributes',
      args: [successor.address, missing],
    });
    transactionHashes.push(receipt.transactionHash);
  }
  if (!rolled) {
    // Windows are inclusive: the old key ends, and the new one starts, a second before the
    // latest block, so that from the roll's own block on only the new key is the operator's.
    const notBefore = (await blockTime(client)) - 1n;
    const receipt = await sendAs(context, old, {
      step: `Roll the key of ${old.did} to ${successor.kid}`,
      registry: 'did-registry',
      functionName: 'rollVerificationMethod',
      args: [
        {
          did: old.did,
          vMethodId: successor.kid.slice(old.did.length + 1),
          publicKey: toPublicKeyHex(successor.publicKeyJwk),
          isSecp256k1: true,
          notBefore,
          notAfter: FAR_FUTURE,
          oldVMethodId: old.kid.slice(old.did.length + 1),
          duration: 0n,
        },
      ],
    });
    transactionHashes.push(receipt.transactionHash);
    await output.step(`Wait for the node to resolve ${old.did} with the new key`, () =>
      waitForKey(client, old.did, successor.kid),
    );
  }
  if (oldPolicies.length > 0) {
    const receipt = await sendAs(context, successor, {
      step: `Revoke ${oldPolicies.length} policies of ${old.address}, signed by the new key`,
      registry: 'policies-registry',
      functionName: 'deleteUserAttributes',
      args: [old.address, oldPolicies],
    });
    transactionHashes.push(receipt.transactionHash);
  }
  const recordPath = isPkcs11Uri(context.operatorKey.key)
    ? context.operatorKey.recordPath
    : context.operatorKey.key;
  await output.step(`Write ${recordPath}`, async () => writeRecord(recordPath, next.record));
  const setting = 'key' in next.record ? next.record.key : recordPath;
  output.result(
    {
      did: old.did,
      kid: successor.kid,
      address: successor.address,
      previousAddress: old.address,
      policies: oldPolicies,
      record: recordPath,
      transactionHashes,
    },
    `${old.did} is administered by ${successor.address} (${successor.kid}); ${old.address} holds no policy and no key of the DID\n  record ${recordPath}${
      isPkcs11Uri(context.operatorKey.key)
        ? `\n  set CORE_OPERATOR_KEY (or --operator-key) to ${setting} where it named the previous key`
        : ''
    }`,
  );
}

/** The policies a subject holds in the default Policies Registry (none for an unknown subject). */
async function policiesOf(client: CoreClient, address: Address): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const { policyName } of paginate<{ policyName: string }>(
      client,
      `/v1/policies-registry/subjects/${address}/policies?page[size]=50`,
    )) {
      names.push(policyName);
    }
  } catch (error) {
    if (error instanceof ProblemResponseError && error.status === 404) return [];
    throw error;
  }
  return names;
}

/** Waits until the node resolves `did` with `kid` as an `authentication` key (it signs tokens). */
async function waitForKey(client: CoreClient, did: string, kid: string): Promise<void> {
  const deadline = Date.now() + SEE_NEW_KEY_MS;
  for (;;) {
    const document = await client.get<DidDocument>(`/v1/did-registry/identifiers/${did}`);
    if ((document.authentication ?? []).includes(kid)) return;
    if (Date.now() > deadline) {
      throw new CliPreconditionError(
        `The node still resolves ${did} without ${kid}: run "admin handover" again with the same --to`,
      );
    }
    await sleep(200);
  }
}
