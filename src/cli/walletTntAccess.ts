import { stringToHex } from 'viem';
import { ACCOUNT_TYPE, toSubjectAccount } from '../registries/track-and-trace/accounts.js';
import { parseDidArgument } from './didArgument.js';
import { CliUsageError } from './output.js';
import { assertPolicyHeld } from './preconditions.js';
import { readWalletWriter, requestTokenStep, writeStep } from './steps.js';
import { documentHref, isAuthorisedCreator, toDocumentHash } from './tntReads.js';
import type { WalletContext } from './walletContext.js';

/** `ITrackAndTrace.AccessType` values a creator grants (the creator's own `Creator` is not granted). */
const PERMISSIONS = { delegate: 0, write: 1 } as const;

/**
 * `wallet tnt authorise|unauthorise <did>`: puts a did:core on the creator whitelist, or takes it
 * off (`authoriseDid`), as the wallet's DID, whose key must hold `TNT:authoriseDid`. Both are
 * checked first; a DID already in the state asked for is reported and nothing is sent.
 */
export async function authoriseCreator(whiteList: boolean, args: string[], context: WalletContext) {
  const command = whiteList ? 'authorise' : 'unauthorise';
  const [value, ...extra] = args;
  const usage = `wallet tnt ${command} takes one did:core v1`;
  if (extra.length > 0) throw new CliUsageError(usage);
  const did = parseDidArgument(value, ['did:core v1'], usage);
  const { client, output } = context;
  const holder = await readWalletWriter(context.walletPath);
  await assertPolicyHeld(context, holder, 'TNT:authoriseDid');
  const authorised = await output.step(`Check whether ${did} is an authorised creator`, () =>
    isAuthorisedCreator(client, did),
  );
  if (authorised === whiteList) {
    output.result(
      { did, authorised, changed: false },
      `${did} ${authorised ? 'is an authorised creator already' : 'is not an authorised creator'}: nothing sent`,
    );
    return;
  }
  const accessToken = await requestTokenStep(context, holder, 'track-and-trace:authorise');
  const receipt = await writeStep(context, `${whiteList ? 'Authorise' : 'Unauthorise'} ${did}`, {
    registry: 'track-and-trace',
    functionName: 'authoriseDid',
    args: [holder.did, did, whiteList],
    account: holder.account,
    accessToken,
  });
  output.result(
    {
      did,
      authorised: whiteList,
      changed: true,
      authorisedBy: holder.did,
      transactionHash: receipt.transactionHash,
    },
    `${did} ${whiteList ? 'may' : 'may no longer'} create Track and Trace documents`,
  );
}

/** `wallet tnt grant <documentHash> <did> [write|delegate]`: access to a document, granted by its creator. */
export async function grantAccess(args: string[], context: WalletContext) {
  const [hash, did, permission = 'write'] = args;
  if (hash === undefined || did === undefined || args.length > 3)
    throw new CliUsageError('wallet tnt grant takes <documentHash> <did> [write|delegate]');
  const documentHash = toDocumentHash(hash);
  if (permission !== 'write' && permission !== 'delegate')
    throw new CliUsageError('The permission is write (default) or delegate');
  const subject = toSubjectAccount(did);
  if (subject === undefined)
    throw new CliUsageError(`${did} is neither a did:core nor a did:key of a secp256k1 key`);
  const subjectType = did.startsWith('did:key:') ? ACCOUNT_TYPE.DidKey : ACCOUNT_TYPE.DidCore;
  const { client, output } = context;
  const holder = await readWalletWriter(context.walletPath);
  const accessToken = await requestTokenStep(context, holder, 'track-and-trace:write');
  const receipt = await writeStep(context, `Grant ${permission} on ${documentHash} to ${did}`, {
    registry: 'track-and-trace',
    functionName: 'grantAccess',
    args: [
      documentHash,
      stringToHex(holder.did),
      subject,
      ACCOUNT_TYPE.DidCore,
      subjectType,
      PERMISSIONS[permission],
    ],
    account: holder.account,
    accessToken,
  });
  const href = `${documentHref(client, documentHash)}/accesses`;
  output.result(
    {
      documentHash,
      subject: did,
      permission,
      grantedBy: holder.did,
      href,
      transactionHash: receipt.transactionHash,
    },
    `${did} may ${permission === 'write' ? 'write events to' : 'grant write on'} ${documentHash}\n  ${href}`,
  );
}
