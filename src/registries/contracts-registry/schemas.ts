import { ADDRESS, BYTES32, listResponse, objectResponse } from '../common/schemas.js';

/** Response schemas of the Contracts Registry reads (read-api.md §3.2, renamed). */

const DATE_TIME = {
  type: 'string',
  format: 'date-time',
  description: 'ISO 8601 UTC date-time of the block that recorded it',
} as const;

export const TEMPLATE_ID = { ...BYTES32, description: 'A template id: its registry type' } as const;

export const CONTRACT_LIST = listResponse('address', ADDRESS);

export const CONTRACT = objectResponse({
  address: ADDRESS,
  deployer: { ...ADDRESS, description: 'The account that deployed the instance' },
  deployerDid: { type: 'string', description: 'The DID it was deployed under' },
  templateId: TEMPLATE_ID,
  deployedAt: DATE_TIME,
  isActive: { type: 'boolean' },
});

export const TEMPLATE_LIST = listResponse('id', TEMPLATE_ID);

export const TEMPLATE = objectResponse({
  id: TEMPLATE_ID,
  name: { type: 'string', description: 'The registry contract name' },
  version: { type: 'string' },
  beaconAddress: { ...ADDRESS, description: 'The beacon every instance follows' },
  implementation: { ...ADDRESS, description: 'The current implementation of the beacon' },
  isActive: { type: 'boolean', description: 'Whether new instances may be deployed' },
  createdAt: DATE_TIME,
  updatedAt: DATE_TIME,
});
