import { type Address, encodeFunctionData, getAddress, isAddress } from 'viem';
import type { GovernanceJson } from '../governance/api/toGovernanceJson.js';
import { createLedgerClient } from '../ledger/createLedgerClient.js';
import { createBurst } from '../ledger/sendBurst.js';
import {
  CONTRACTS_REGISTRY_DESCRIPTOR,
  descriptorOf,
  REGISTRIES,
  REGISTRY_NAMES,
  type RegistryName,
} from '../registries/catalog.js';
import { planAttributeChange } from './adminAttributes.js';
import type { AdminContext } from './adminContext.js';
import { embeddedLedgerUrl } from './adminDeployInstance.js';
import {
  delayAction,
  type GovernanceAction,
  membershipAction,
  propose,
  scheduleCalls,
  scheduleWrites,
} from './adminGovernance.js';
import { planHashAlgorithm } from './adminHashAlgorithm.js';
import type { Command, CommandGroup } from './commandTree.js';
import { type Member, readGovernance, readMember } from './governanceMember.js';
import { CliUsageError } from './output.js';

type Plan = (
  args: string[],
  context: AdminContext,
  governance: GovernanceJson,
  member: Member,
) => Promise<GovernanceAction> | GovernanceAction;

/** A proposal command: reads the governance and the member's key, plans the action, proposes it. */
function proposal(command: Omit<Command<AdminContext>, 'run'>, plan: Plan): Command<AdminContext> {
  return {
    ...command,
    run: async (args, context) => {
      const [governance, member] = await Promise.all([
        readGovernance(context),
        readMember(context),
      ]);
      await propose(context, governance, member, await plan(args, context, governance, member));
    },
  };
}

/** The registry writes of an admin command, as one timelocked decision. */
const writesOf =
  (planWrites: (args: string[], context: AdminContext) => Promise<unknown[]> | unknown[]): Plan =>
  async (args, context, governance) =>
    scheduleWrites(context, governance, (await planWrites(args, context)) as never);

/**
 * `admin propose upgrade-template <registry> <version> [implementation]`: this release's
 * implementation of the registry (deployed by the member straight to the ledger, unless given)
 * becomes the template's: every instance follows its beacon.
 */
const upgradeTemplate: Plan = async (
  [name, version, given, ...extra],
  context,
  governance,
  member,
) => {
  if (name === undefined || !(name in REGISTRIES) || !version || extra.length > 0) {
    throw new CliUsageError(
      `admin propose upgrade-template takes a registry (${REGISTRY_NAMES.join(', ')}), a version, and optionally an implementation address`,
    );
  }
  if (given !== undefined && !isAddress(given, { strict: false })) {
    throw new CliUsageError(`"${given}" is not an address`);
  }
  const registry = name as RegistryName;
  const { contract } = descriptorOf(registry);
  const { client, output } = context;
  const template = await output.step(`Read the ${registry} template`, () =>
    client.get<{ name: string; version: string; implementation: Address }>(
      `/v1/contracts-registry/templates/${contract.type}`,
    ),
  );
  const implementation = given
    ? getAddress(given)
    : await output.step(`Deploy this release's ${registry} implementation`, () =>
        deployImplementation(context, member, registry),
      );
  const { contractAddress } = await client.abi('contracts-registry');
  return scheduleCalls(
    governance,
    [
      {
        target: contractAddress,
        data: encodeFunctionData({
          abi: CONTRACTS_REGISTRY_DESCRIPTOR.contract.abi,
          functionName: 'upgradeTemplate',
          args: [contract.type, version, implementation],
        }),
      },
    ],
    [
      `Upgrade the ${template.name} template, and with it every ${registry} instance, from version ${template.version} (${template.implementation}) to ${version} (${implementation})`,
    ],
  );
};

async function deployImplementation(
  context: AdminContext,
  member: Member,
  registry: RegistryName,
): Promise<Address> {
  const ledger = createLedgerClient({
    url: context.ledgerUrl ?? (await embeddedLedgerUrl(context.dataDir)),
  });
  try {
    const burst = await createBurst(ledger, member.account, await context.client.chainId());
    const { contract } = descriptorOf(registry);
    const address = burst.deploy(`${contract.contractName} implementation`, contract.bytecode);
    await burst.send();
    return address;
  } finally {
    await ledger.close();
  }
}

/** `core-registry admin propose …`: admin tasks and governance changes, as proposals. */
export const PROPOSE_COMMANDS: CommandGroup<AdminContext> = {
  summary:
    "Propose an admin task or a change of the governance to the operators'\nSafe (a governed network: docs/governance.md)",
  commands: {
    grant: proposal(
      { args: '<subject> <policy>...', summary: 'Give policies to a subject (as "admin grant")' },
      writesOf(
        async (args, context) =>
          (await planAttributeChange('insertUserAttributes', args, context)).writes,
      ),
    ),
    'revoke-policy': proposal(
      { args: '<subject> <policy>...', summary: 'Take policies back (as "admin revoke-policy")' },
      writesOf(
        async (args, context) =>
          (await planAttributeChange('deleteUserAttributes', args, context)).writes,
      ),
    ),
    'hash-algorithm': proposal(
      { args: '<name>', summary: 'Add a hash algorithm (as "admin hash-algorithm")' },
      writesOf((args) => [planHashAlgorithm(args)]),
    ),
    'upgrade-template': proposal(
      {
        args: '<registry> <version> [implementation]',
        summary:
          "Upgrade a registry's template, and so every instance of it, to this\nrelease's implementation (deployed first) or to the one given",
        details:
          'Deploying talks to the ledger itself: --ledger-url (CORE_LEDGER_URL), else the embedded ledger of --data-dir.',
      },
      upgradeTemplate,
    ),
    'add-operator': proposal(
      { args: '<address> [threshold]', summary: 'Add an operator (default: the threshold stays)' },
      (args, _context, governance) => membershipAction(governance, ['add-operator', ...args]),
    ),
    'remove-operator': proposal(
      {
        args: '<address> [threshold]',
        summary: 'Remove an operator (the threshold stays if it can)',
      },
      (args, _context, governance) => membershipAction(governance, ['remove-operator', ...args]),
    ),
    'replace-operator': proposal(
      { args: '<old address> <new address>', summary: "Replace an operator's key by another" },
      (args, _context, governance) => membershipAction(governance, ['replace-operator', ...args]),
    ),
    threshold: proposal(
      { args: '<count>', summary: 'Change how many operators decide' },
      (args, _context, governance) => membershipAction(governance, ['threshold', ...args]),
    ),
    delay: proposal(
      { args: '<duration>', summary: 'Change the notice period (e.g. 2d, 12h, 0)' },
      (args, _context, governance) => delayAction(governance, args),
    ),
  },
};
