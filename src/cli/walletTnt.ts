import type { CommandGroup } from './commandTree.js';
import type { WalletContext } from './walletContext.js';
import { authoriseCreator, grantAccess } from './walletTntAccess.js';
import { createDocument, writeEvent } from './walletTntDocuments.js';

/**
 * `wallet tnt …`: Track and Trace writes as the wallet's did:core (a `DidCore` account).
 * - Spec: SPEC.md §4.4; contracts/interfaces/ITrackAndTrace.sol
 */
export const TNT_COMMANDS: CommandGroup<WalletContext> = {
  summary: "Track and Trace, as the wallet's did:core.",
  commands: {
    authorise: {
      args: '<did>',
      summary:
        'Let a did:core create documents (authoriseDid, a\ntrack-and-trace:authorise token); needs TNT:authoriseDid',
      details:
        'The operator grants the policy with "admin grant <your did> TNT:authoriseDid". A DID\nauthorised already is reported, and nothing is sent.',
      publishes: "the wallet's DID and the DID authorised",
      run: (args, context) => authoriseCreator(true, args, context),
    },
    unauthorise: {
      args: '<did>',
      summary: 'Take a did:core off the creators; needs TNT:authoriseDid',
      publishes: "the wallet's DID and the DID taken off",
      run: (args, context) => authoriseCreator(false, args, context),
    },
    create: {
      args: '<documentHash> [metadata]',
      summary:
        'Create a document (commit, wait, reveal); the DID must be an\nauthorised creator ("tnt authorise")',
      details: 'Both the creator and that no document has the hash are checked before the commit.',
      publishes:
        "the document hash, the metadata as given (none by default) and the wallet's DID as creator",
      run: createDocument,
    },
    grant: {
      args: '<documentHash> <did> [write|delegate]',
      summary: 'Let a did:core or did:key write events to (or delegate on) a document',
      publishes: "the document hash, the wallet's DID, the subject's DID and the permission",
      run: grantAccess,
    },
    event: {
      args: '<documentHash> <externalHash> <metadata> [origin]',
      summary:
        'Write an event to a document; the contract stores externalHash and\nnames the event by its keccak-256, the eventId printed',
      publishes:
        "the document hash, externalHash, metadata and origin as given (origin none by default), and the wallet's DID as sender",
      run: writeEvent,
    },
  },
};
