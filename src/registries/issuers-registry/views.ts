import type { Address, Hex } from 'viem';
import { isRevertOf } from '../../errors/contract.js';
import { ResourceNotFoundError } from '../../errors/notFound.js';
import { ISSUER_TYPES, type IssuerType } from '../../identity/issuerTypes.js';
import { findRevisionAt } from '../../identity/revisionAt.js';
import type { BlockReader } from '../../ledger/createChainReader.js';
import { itemView, pageView } from '../common/defineView.js';
import { readAllPages } from '../common/page.js';
import { ISSUERS_REGISTRY } from './contract.js';

const abi = ISSUERS_REGISTRY.abi;

/** An issuer: whether it accepted an attribute (stored its data), and its number of attributes. */
export type Issuer = { hasAttributes: boolean; totalAttributes: bigint };

/** One revision of an attribute, as the registry stores it. */
export type AttributeRevision = {
  attributeId: Hex;
  revisionId: Hex;
  issuerType: IssuerType;
  taoDid: string;
  attributeIdTao: Hex;
  rootTaoDid: string;
  /** The stored data (an accreditation credential), `0x` for a metadata revision. */
  attributeData: Hex;
  /** Block timestamp, in seconds. */
  timestamp: bigint;
};

/** DIDs of the issuers, in the order they became issuers. */
export const getIssuerDids = pageView(abi, 'getIssuers');

/**
 * Issuer `did`.
 * @throws {ResourceNotFoundError} `Issuer`.
 */
export async function getIssuer(
  reader: BlockReader,
  address: Address,
  did: string,
): Promise<Issuer> {
  const [hasAttributes, totalAttributes] = await readIssuer(reader, address, did);
  return { hasAttributes, totalAttributes };
}
const readIssuer = itemView(abi, 'getIssuer', (error, did) => toNotFound(error, { did }));

/**
 * Attribute ids of issuer `did`, oldest first.
 * @throws {ResourceNotFoundError} `Issuer`.
 */
export const getAttributeIds = pageView(abi, 'getIssuerAttributes', (error, did) =>
  toNotFound(error, { did }),
);

/**
 * The latest revision of attribute `attributeId` (any of its revision ids) of `did`.
 * @throws {ResourceNotFoundError} `Issuer`, `Attribute`.
 */
export async function getAttribute(
  ...args: Parameters<typeof readAttribute>
): Promise<AttributeRevision> {
  return toAttributeRevision(await readAttribute(...args));
}
const readAttribute = itemView(abi, 'getAttribute', (error, did, attributeId) =>
  toNotFound(error, { did, attributeId }),
);

/**
 * The revision of attribute `attributeId` of `did` that was its latest at Unix time `at`: the last
 * one stored in a block whose time is not after `at` ({@link findRevisionAt}).
 * @throws {ResourceNotFoundError} `Issuer`, `Attribute`; `Revision` when it had none yet.
 */
export async function getAttributeAt(
  reader: BlockReader,
  address: Address,
  did: string,
  attributeId: Hex,
  at: bigint,
): Promise<AttributeRevision> {
  const ids = await readAllPages((page) => getRevisionIds(reader, address, did, attributeId, page));
  const found = await findRevisionAt(
    ids.length,
    (index) => getRevision(reader, address, did, attributeId, ids[index] as Hex),
    at,
  );
  if (found) return found;
  throw new ResourceNotFoundError(
    'Revision',
    `Attribute ${attributeId} of issuer ${did} had no revision at ${new Date(Number(at) * 1000).toISOString()}`,
  );
}

/**
 * Revision ids of attribute `attributeId` of `did`, oldest first.
 * @throws {ResourceNotFoundError} `Issuer`, `Attribute`.
 */
export const getRevisionIds = pageView(abi, 'getAttributeRevisions', (error, did, attributeId) =>
  toNotFound(error, { did, attributeId }),
);

/**
 * Revision `revisionId` of attribute `attributeId` of `did`.
 * @throws {ResourceNotFoundError} `Issuer`, `Attribute`, `Revision`.
 */
export async function getRevision(
  ...args: Parameters<typeof readRevision>
): Promise<AttributeRevision> {
  return toAttributeRevision(await readRevision(...args));
}
const readRevision = itemView(abi, 'getAttributeRevision', (error, did, attributeId, revisionId) =>
  toNotFound(error, { did, attributeId, revisionId }),
);

/**
 * Proxy ids of issuer `did` (removing a proxy moves the last one into its place).
 * @throws {ResourceNotFoundError} `Issuer`.
 */
export const getProxyIds = pageView(abi, 'getIssuerProxies', (error, did) =>
  toNotFound(error, { did }),
);

/**
 * The stored data of proxy `proxyId` of `did`: a JSON text, unchecked by the contract.
 * @throws {ResourceNotFoundError} `Issuer`, `Proxy`.
 */
export const getProxyData = itemView(abi, 'getIssuerProxy', (error, did, proxyId) =>
  toNotFound(error, { did, proxyId }),
);

function toAttributeRevision(revision: {
  attributeId: Hex;
  revisionId: Hex;
  issuerType: number;
  taoDid: string;
  attributeIdTao: Hex;
  rootTaoDid: string;
  attributeData: Hex;
  timestamp: bigint;
}): AttributeRevision {
  return { ...revision, issuerType: ISSUER_TYPES[revision.issuerType] ?? 'Undefined' };
}

/** What a view was asked for, to name it in a 404. */
type Target = { did: string; attributeId?: Hex; revisionId?: Hex; proxyId?: Hex };

/** The 404 a known revert of the issuer views stands for; any other error as it is. */
function toNotFound(error: unknown, target: Target): unknown {
  const { did, attributeId, revisionId, proxyId } = target;
  const notFound = (resource: string, detail: string) =>
    new ResourceNotFoundError(resource, detail, { cause: error });
  if (isRevertOf(error, 'IssuerNotFound')) {
    return notFound('Issuer', `Issuer ${did} is not registered`);
  }
  if (isRevertOf(error, 'IssuerAttributeNotFound')) {
    return notFound('Attribute', `Issuer ${did} has no attribute ${attributeId}`);
  }
  if (isRevertOf(error, 'IssuerRevisionNotFound')) {
    return notFound(
      'Revision',
      `Attribute ${attributeId} of issuer ${did} has no revision ${revisionId}`,
    );
  }
  if (isRevertOf(error, 'IssuerProxyNotFound')) {
    return notFound('Proxy', `Issuer ${did} has no proxy ${proxyId}`);
  }
  return error;
}
