import { getAddress, isAddress } from 'viem';
import { signCredential } from '../client/credentials.js';
import { accredit, revokeAccreditation } from './adminAccredit.js';
import { changeAttributes } from './adminAttributes.js';
import type { AdminContext } from './adminContext.js';
import { addHashAlgorithm, HASH_ALGORITHMS } from './adminHashAlgorithm.js';
import type { Command, CommandGroup } from './commandTree.js';
import { parseDidArgument } from './didArgument.js';
import { readOperatorSigner } from './operatorSteps.js';
import { CliUsageError } from './output.js';

/** How the governance commands sign. */
const GOVERNANCE_KEY = `Signs with --operator-key: your key as one of the operators (a secp256k1 private JWK
file, e.g. from "keys generate --to F --curve secp256k1", or a pkcs11: URI). Each command
prints what will happen in words before it signs.`;

/** `admin revoke-policy` (and its former name, `admin revoke`). */
const REVOKE_POLICY: Command<AdminContext> = {
  args: '<subject> <policy>...',
  summary: 'Take policies back from a subject (an address or a did:core v1)',
  publishes: "the subject's addresses and the policy names",
  run: (args, context) => changeAttributes('deleteUserAttributes', args, context),
};

/** `core-registry admin …`: the environment operator's tasks, signed with the operator key. */
export const ADMIN_COMMANDS: CommandGroup<AdminContext> = {
  summary: 'Operator tasks, signed with the operator key of the environment.',
  options: `Options: --operator-key F (default <data-dir>/operator.json), --data-dir DIR (CORE_DATA_DIR),
  --node URL (CORE_NODE_URL, http://localhost:8080), --json (one JSON document on stdout: the
  result, or {"error": {"step", "message", "reason"}}).
  Exit codes: 0 done, 1 a step failed (the message names it), 2 bad usage.`,
  commands: {
    onboard: {
      args: '<did>',
      summary:
        'Issue a VerifiableAuthorisationToOnboard for a did:core v1 (prints\nthe JWT; "wallet register" presents it)',
      details: 'Signs only: the node is not contacted.',
      run: onboard,
    },
    'hash-algorithm': {
      args: '<name>',
      summary: `Add a hash algorithm to the Timestamp registry\n(${Object.keys(HASH_ALGORITHMS).join(', ')})`,
      details: '--contract-address A adds it to another Timestamp instance.',
      publishes: "the algorithm's IANA name, output length, OID and multihash name",
      run: addHashAlgorithm,
    },
    accredit: {
      args: '<did> [TAO|TI] [--types T,…] [--schema S]',
      summary:
        'Reserve a TAO (default) or TI attribute for a DID in the Trusted\nIssuers Registry and issue the accreditation credential (prints\nthe JWT; the DID accepts it with "wallet issuer accept")',
      details:
        'Checked first: the DID is registered, the schema exists. --types A,B restricts the issuer to\ncredentials of those types (accreditedFor), --schema S to those of schema S.',
      publishes:
        "the DID, the issuer type, a random attribute id, the operator's DID and its RootTAO attribute id; the accreditation is published when the DID accepts it",
      run: accredit,
    },
    'revoke-accreditation': {
      args: '<did>',
      summary:
        "Revoke the accreditations (TAO or TI) of a DID in the Root TAO's\nchain: verifiers no longer trust what it signs",
      details:
        'Checked first: the DID has an accreditation in the chain that is not revoked already.',
      publishes:
        "the DID, its attribute ids, the type Revoked, the operator's DID and its RootTAO attribute id",
      run: revokeAccreditation,
    },
    'deploy-instance': {
      args: '<registry>',
      summary:
        'Deploy another instance of a registry (e.g. timestamp) through the\nContracts Registry',
      publishes: "a new instance's address and the registries it links to",
      details:
        'Talks to the ledger itself: --ledger-url (CORE_LEDGER_URL), else the embedded ledger of\n--data-dir; --environment F (CORE_ENVIRONMENT) names the environment file.',
      // Genesis code and every registry's artifact load only for this command.
      run: async (args, context) =>
        (await import('./adminDeployInstance.js')).deployRegistryInstance(args, context),
    },
    handover: {
      args: '--to <pkcs11: URI | key file>',
      summary:
        'Hand the operator role to another key (an HSM key, or a key file\nmade if absent): the operator DID stays, its key rolls',
      details:
        'The current key grants its policies to the new key and rolls the operator DID to it; the\nnew key then revokes the old one\'s policies, and the operator record names the new key. A\nstopped run resumes when run again with the same --to (docs/operators.md, "Keys").',
      publishes: "the new key's public key and address, the policy names moved",
      // The HSM binding loads only for the commands that open keys.
      run: async (args, context) => (await import('./adminHandover.js')).handover(args, context),
    },
    invoke: {
      args: '<did> <address>',
      summary:
        'Issue a VerifiableAuthorisationToInvoke of a contract to a did:core\nv1 or did:key (the holder asks "wallet token\nledger:invoke:<address> --credential C")',
      run: authoriseInvocation,
    },
    grant: {
      args: '<subject> <policy>...',
      summary:
        'Give policies (e.g. TNT:authoriseDid) to a subject: an address,\nor a did:core v1 (its capabilityInvocation secp256k1 keys)',
      details:
        'Each policy must exist in the Policies Registry; --contract-address A grants in another\nPolicies Registry instance.',
      publishes: "the subject's addresses and the policy names",
      run: (args, context) => changeAttributes('insertUserAttributes', args, context),
    },
    'revoke-policy': REVOKE_POLICY,
    propose: {
      summary:
        'Propose an admin task or a change of the governance to the operators\'\nSafe: "admin propose --help" lists them (docs/governance.md)',
      args: '<action> <argument>...',
      details: `Actions: grant, revoke-policy, hash-algorithm (as the admin commands of those names),
upgrade-template <registry> <version> [implementation], add-operator <address> [threshold],
remove-operator <address> [threshold], replace-operator <old> <new>, threshold <count>,
delay <duration>. Admin tasks and delay changes are timelocked; operator changes are not.
${GOVERNANCE_KEY}`,
      publishes: "the proposal's calls and your approval of it",
      run: async (args, context) => {
        const [{ runGroup }, { PROPOSE_COMMANDS }] = await Promise.all([
          import('./commandTree.js'),
          import('./adminPropose.js'),
        ]);
        return runGroup(PROPOSE_COMMANDS, ['admin', 'propose'], args, context, GOVERNANCE_KEY);
      },
    },
    proposals: {
      args: '[all]',
      summary:
        'The proposals that wait for approvals or for their notice to pass\n(all: every one), with their decoded calls',
      run: async (args, context) =>
        (await import('./adminGovernance.js')).listProposals(args, context),
    },
    approve: {
      args: '<id>',
      summary: 'Approve a proposal (on-chain, as one of the operators)',
      details: GOVERNANCE_KEY,
      publishes: 'your approval of the proposal',
      run: async (args, context) => (await import('./adminGovernance.js')).approve(args, context),
    },
    execute: {
      args: '<id>',
      summary:
        "A proposal's next step: the Safe decides it with its approvals, or\nthe timelock runs it once due",
      details: GOVERNANCE_KEY,
      run: async (args, context) => (await import('./adminGovernance.js')).execute(args, context),
    },
    cancel: {
      args: '<id>',
      summary:
        'Propose to stop a proposal: cancel its scheduled operation, or reject\nit at its nonce',
      details: GOVERNANCE_KEY,
      publishes: "the cancelling proposal's call and your approval of it",
      run: async (args, context) => (await import('./adminGovernance.js')).cancel(args, context),
    },
    revoke: { ...REVOKE_POLICY, summary: 'The former name of revoke-policy, kept for scripts' },
  },
};

async function onboard(args: string[], { output, operatorKey }: AdminContext) {
  const usage = 'admin onboard takes one did:core v1';
  if (args.length > 1) throw new CliUsageError(usage);
  const did = parseDidArgument(args[0], ['did:core v1'], usage);
  const operator = await readOperatorSigner(operatorKey);
  const credential = await signCredential({
    issuer: operator,
    subject: did,
    type: 'VerifiableAuthorisationToOnboard',
  });
  output.result({ credential, subject: did, issuer: operator.did }, credential);
}

async function authoriseInvocation([value, contract, ...extra]: string[], context: AdminContext) {
  const usage = 'admin invoke takes a did:core v1 or did:key and a contract address';
  if (contract === undefined || !isAddress(contract, { strict: false }) || extra.length > 0)
    throw new CliUsageError(usage);
  const did = parseDidArgument(value, ['did:core v1', 'did:key'], usage);
  const operator = await readOperatorSigner(context.operatorKey);
  const contractAddress = getAddress(contract);
  const credential = await signCredential({
    issuer: operator,
    subject: did,
    type: 'VerifiableAuthorisationToInvoke',
    claims: { contractAddress },
  });
  context.output.result({ credential, subject: did, contractAddress }, credential);
}
