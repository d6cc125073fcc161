import { keccak256, stringToHex, toHex } from 'viem';
import { commitAndReveal } from '../client/commitAndReveal.js';
import { CliPreconditionError, CliUsageError } from './output.js';
import { getIfFound } from './preconditions.js';
import { readWalletWriter, requestTokenStep, writeStep } from './steps.js';
import { documentHref, isAuthorisedCreator, toDocumentHash } from './tntReads.js';
import type { WalletContext } from './walletContext.js';

/**
 * `wallet tnt create <documentHash> [metadata]`: a document created by the wallet's did:core,
 * after checking what would make the reveal fail five blocks later: a document with that hash,
 * or a DID that is not an authorised creator.
 */
export async function createDocument(args: string[], context: WalletContext) {
  const [hash, metadata = ''] = args;
  if (hash === undefined || args.length > 2)
    throw new CliUsageError('wallet tnt create takes <documentHash> [metadata]');
  const documentHash = toDocumentHash(hash);
  const { client, output } = context;
  const holder = await readWalletWriter(context.walletPath);
  const href = documentHref(client, documentHash);
  await output.step(`Check that ${holder.did} may create ${documentHash}`, async () => {
    const existing = await getIfFound<{ creator: string; timestamp: { datetime: string } }>(
      client,
      href,
    );
    if (existing)
      throw new CliPreconditionError(
        `The document exists already: ${existing.creator} created it at ${existing.timestamp.datetime} (${href})`,
      );
    if (!(await isAuthorisedCreator(client, holder.did)))
      throw new CliPreconditionError(
        `${holder.did} is not an authorised document creator: a holder of TNT:authoriseDid authorises it with "npx core-registry wallet tnt authorise ${holder.did}"`,
      );
  });
  const accessToken = await requestTokenStep(context, holder, 'track-and-trace:create');
  const written = await output.step(
    'Commit, wait for maturity, reveal createDocument',
    (progress) =>
      commitAndReveal(client, {
        registry: 'track-and-trace',
        functionName: 'createDocument',
        args: [documentHash, metadata, holder.did],
        account: holder.account,
        accessToken,
        onProgress: progress,
      }),
  );
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

/**
 * `wallet tnt event <documentHash> <externalHash> <metadata> [origin]`: an event written by the
 * wallet's did:core. The contract stores `externalHash` as given and names the event by its
 * keccak-256, the `eventId` printed.
 */
export async function writeEvent(args: string[], context: WalletContext) {
  const [hash, externalHash, metadata, origin = ''] = args;
  if (hash === undefined || !externalHash || metadata === undefined || args.length > 4)
    throw new CliUsageError(
      'wallet tnt event takes <documentHash> <externalHash> <metadata> [origin] (externalHash not empty)',
    );
  const documentHash = toDocumentHash(hash);
  const { client, output } = context;
  const holder = await readWalletWriter(context.walletPath);
  const accessToken = await requestTokenStep(context, holder, 'track-and-trace:write');
  const eventId = keccak256(toHex(externalHash));
  const receipt = await writeStep(context, `Write event ${eventId} to ${documentHash}`, {
    registry: 'track-and-trace',
    functionName: 'writeEvent',
    args: [{ documentHash, externalHash, sender: stringToHex(holder.did), origin, metadata }],
    account: holder.account,
    accessToken,
  });
  const href = `${documentHref(client, documentHash)}/events/${eventId}`;
  output.result(
    {
      documentHash,
      externalHash,
      eventId,
      sender: holder.did,
      href,
      transactionHash: receipt.transactionHash,
    },
    `event ${eventId} written to ${documentHash}\n  eventId = keccak-256 of the externalHash "${externalHash}"\n  ${href}`,
  );
}
