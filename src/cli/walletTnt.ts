import { type Hex, keccak256, stringToHex, toHex } from 'viem';
import { commitAndReveal } from '../client/commitAndReveal.js';
import { ACCOUNT_TYPE, toSubjectAccount } from '../registries/track-and-trace/accounts.js';
import { CliUsageError } from './output.js';
import { runCommand } from './runCommand.js';
import { requestTokenStep, requireAccount, writeStep } from './steps.js';
import type { WalletContext } from './walletContext.js';
import { readWalletSigner } from './walletFile.js';

/** `ITrackAndTrace.AccessType` values a creator grants (the creator's own `Creator` is not granted). */
const PERMISSIONS = { delegate: 0, write: 1 } as const;
const DOCUMENT_HASH = /^0x[0-9a-fA-F]{64}$/;
const USAGE = `wallet tnt takes one command:
  create <documentHash> [metadata]
  grant <documentHash> <did> [write|delegate]
  event <documentHash> <eventId> <metadata> [origin]`;

/**
 * `wallet tnt create|grant|event`: Track and Trace writes as the wallet's did:core (a `DidCore`
 * account). Creating a document needs the DID whitelisted by an authoriser (`authoriseDid`).
 * - Spec: SPEC.md §4.4; contracts/interfaces/ITrackAndTrace.sol
 */
export async function runTnt(args: string[], context: WalletContext): Promise<void> {
  return runCommand({ create, grant, event }, args, context, () => USAGE);
}

async function create(args: string[], context: WalletContext) {
  const [hash, metadata = ''] = args;
  if (hash === undefined || args.length > 2)
    throw new CliUsageError('wallet tnt create takes <documentHash> [metadata]');
  const documentHash = toDocumentHash(hash);
  const { client, output } = context;
  const holder = await readWalletSigner(context.walletPath);
  const account = requireAccount(holder);
  const accessToken = await requestTokenStep(context, holder, 'track-and-trace:create');
  const written = await output.step(
    'Commit, wait for maturity, reveal createDocument',
    (progress) =>
      commitAndReveal(client, {
        registry: 'track-and-trace',
        functionName: 'createDocument',
        args: [documentHash, metadata, holder.did],
        account,
        accessToken,
        onProgress: progress,
      }),
  );
  const href = documentHref(context, documentHash);
  output.result(
    {
      documentHash,
      creator: holder.did,
      metadata,
      href,
      transactionHash: written.reveal.transactionHash,
    },
    `${documentHash} created by ${holder.did}\n  ${href}`,
  );
}

async function grant(args: string[], context: WalletContext) {
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
  const { output } = context;
  const holder = await readWalletSigner(context.walletPath);
  const account = requireAccount(holder);
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
    account,
    accessToken,
  });
  const href = `${documentHref(context, documentHash)}/accesses`;
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

async function event(args: string[], context: WalletContext) {
  const [hash, externalHash, metadata, origin = ''] = args;
  if (hash === undefined || !externalHash || metadata === undefined || args.length > 4)
    throw new CliUsageError(
      'wallet tnt event takes <documentHash> <eventId> <metadata> [origin] (eventId not empty)',
    );
  const documentHash = toDocumentHash(hash);
  const { output } = context;
  const holder = await readWalletSigner(context.walletPath);
  const account = requireAccount(holder);
  const accessToken = await requestTokenStep(context, holder, 'track-and-trace:write');
  const receipt = await writeStep(context, `Write event ${externalHash} to ${documentHash}`, {
    registry: 'track-and-trace',
    functionName: 'writeEvent',
    args: [{ documentHash, externalHash, sender: stringToHex(holder.did), origin, metadata }],
    account,
    accessToken,
  });
  // The contract names an event by the keccak-256 of its external hash.
  const eventId = keccak256(toHex(externalHash));
  const href = `${documentHref(context, documentHash)}/events/${eventId}`;
  output.result(
    {
      documentHash,
      externalHash,
      eventId,
      sender: holder.did,
      href,
      transactionHash: receipt.transactionHash,
    },
    `${eventId} (${externalHash}) written to ${documentHash}\n  ${href}`,
  );
}

/** A document hash: `0x` + 64 hex digits, lower-cased as the read API spells it. */
function toDocumentHash(value: string): Hex {
  if (!DOCUMENT_HASH.test(value) || /^0x0{64}$/.test(value))
    throw new CliUsageError(`${value} is not a document hash (0x + 64 hex digits, not zero)`);
  return value.toLowerCase() as Hex;
}

function documentHref({ client }: WalletContext, documentHash: Hex): string {
  return `${client.baseUrl}/v1/track-and-trace/documents/${documentHash}`;
}
