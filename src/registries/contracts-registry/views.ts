import type { Address, Hex } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import type { PageRequest } from '../../http/pagination.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { type Page, toPageArgs } from '../common/page.js';
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
export async function getDeploymentAddresses(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
): Promise<Page<Address>> {
  const [items, total] = await reader.read({
    address,
    abi,
    functionName: 'getDeployments',
    args: toPageArgs(page),
  });
  return { items: [...items], total };
}

/**
 * The deployment record of `instance`.
 * @throws {ResourceNotFoundError} `Contract` when the registry did not deploy it.
 */
export async function getDeployment(
  reader: BlockReader,
  address: Address,
  instance: Address,
): Promise<Deployment> {
  try {
    return await reader.read({ address, abi, functionName: 'getDeployment', args: [instance] });
  } catch (error) {
    if (isRevertOf(error, 'InstanceNotFound')) {
      throw new ResourceNotFoundError(
        'Contract',
        `Contract ${instance} was not deployed by the Contracts Registry`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Template ids (each a registry type), in insertion order. */
export async function getTemplateIds(
  reader: BlockReader,
  address: Address,
  page: PageRequest,
): Promise<Page<Hex>> {
  const [items, total] = await reader.read({
    address,
    abi,
    functionName: 'getTemplates',
    args: toPageArgs(page),
  });
  return { items: [...items], total };
}

/**
 * One template.
 * @throws {ResourceNotFoundError} `Template`.
 */
export async function getTemplate(
  reader: BlockReader,
  address: Address,
  templateId: Hex,
): Promise<Template> {
  try {
    return await reader.read({ address, abi, functionName: 'getTemplate', args: [templateId] });
  } catch (error) {
    if (isRevertOf(error, 'TemplateNotFound')) {
      throw new ResourceNotFoundError('Template', `Template ${templateId} is not registered`, {
        cause: error,
      });
    }
    throw error;
  }
}
