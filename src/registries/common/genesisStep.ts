import type { Address } from 'viem';
import type { PublicEcJwk } from '../../identity/jwk.js';
import type { LedgerClient } from '../../ledger/createLedgerClient.js';
import type { Burst } from '../../ledger/sendBurst.js';
import type { InstanceRead } from './defineView.js';

/** The environment operator as genesis sees it. */
export type GenesisOperator = { did: string; address: Address; publicKeyJwk: PublicEcJwk };

/**
 * The registries an instance may link to at `initialize`, by role: the default instances of the
 * registries whose descriptor declares that role (they come earlier in genesis order).
 */
export type RegistryLinks = { policiesRegistry: Address; didRegistry: Address };

/** What a registry's genesis step works with. */
export type GenesisContext = {
  ledger: LedgerClient;
  operator: GenesisOperator;
  /**
   * Who holds the admin policies: the operator, or the governance's timelock once a governed
   * genesis has handed them over (docs/governance.md).
   */
  adminHolder: Address;
  /** The environment's default instance of this registry. */
  instance: Address;
  /** Calls a view of the default instance, at the latest block. */
  read: InstanceRead;
  links: RegistryLinks;
  /** Every admin policy of the environment, in genesis order. */
  adminPolicies: Readonly<Record<string, string>>;
  /** The transactions to send: a step plans only what the chain does not hold yet. */
  burst: Burst;
};

/**
 * A slice's part of genesis: the admin policies its contract checks, and what it configures once
 * every default instance exists.
 * - Design: DESIGN.md §4, §6, §8
 */
export type GenesisStep = {
  /** `<PREFIX>:<function>` policy names and their descriptions. */
  adminPolicies: Readonly<Record<string, string>>;
  /** Plans the configuration of the default instance that is still missing (idempotent). */
  configure?(context: GenesisContext): Promise<void>;
};

/** The genesis step of a registry type, whose instances the Contracts Registry deploys. */
export type InstanceGenesisStep = GenesisStep & {
  /** Arguments of `initialize` for an instance deployed by `operator`. */
  initializeArgs(operator: Address, links: RegistryLinks): unknown[];
};
