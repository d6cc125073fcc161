import type { Address, Hex } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import { itemView, pageView } from '../common/defineView.js';
import { CONTRACTS_REGISTRY } from './contract.js';

const abi = CONTRACTS_REGISTRY.abi;

/** A registry instance deployed by the Contracts Registry, as it records it. */
export type Deployment = {
  instance: Address;
  deployer: Address;
  deployerDid: string;
  templateId: Hex;
  /** Block timestamp of the deployment, in seconds. */
  deployedAt: bigint;
  active: boolean;
};

/** A template: one registry type, its beacon and current implementation. */
export type Template = {
  templateId: Hex;
  name: string;
  version: string;
  beacon: Address;
  implementation: Address;
  active: boolean;
  /** Block timestamps, in seconds. */
  createdAt: bigint;
  updatedAt: bigint;
};

/** Addresses of the deployed instances, in deployment order (the environment defaults first). */
export const getDeploymentAddresses = pageView(abi, 'getDeployments');

/**
 * The deployment record of `instance`.
 * @throws {ResourceNotFoundError} `Contract` when the registry did not deploy it.
 */
export const getDeployment = itemView(abi, 'getDeployment', toNotFound);

/** Template ids (each a registry type), in insertion order. */
export const getTemplateIds = pageView(abi, 'getTemplates');

/**
 * One template.
 * @throws {ResourceNotFoundError} `Template`.
 */
export const getTemplate = itemView(abi, 'getTemplate', toNotFound);

/** The 404 a known revert of the Contracts Registry views stands for; any other error as it is. */
function toNotFound(error: unknown, id: string): unknown {
  if (isRevertOf(error, 'InstanceNotFound')) {
    const detail = `Contract ${id} was not deployed by the Contracts Registry`;
    return new ResourceNotFoundError('Contract', detail, { cause: error });
  }
  if (isRevertOf(error, 'TemplateNotFound')) {
    return new ResourceNotFoundError('Template', `Template ${id} is not registered`, {
      cause: error,
    });
  }
  return error;
}
