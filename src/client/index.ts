// The SDK entry point, published as `core-registry/client`: what wallets and issuer back-ends use.

export { createDidCoreV1, isDidCoreV1 } from '../identity/didCore.js';
export { isDidKey, toDidKey, toDidKeyJwk } from '../identity/didKey.js';
export {
  jwkThumbprint,
  type PrivateEcJwk,
  type PublicEcJwk,
  toPrivateKeyHex,
  toPublicJwk,
  toPublicKeyHex,
  toSecp256k1PrivateJwk,
} from '../identity/jwk.js';
export {
  type CommitAndRevealParameters,
  type CommitAndRevealReturnType,
  commitAndReveal,
} from './commitAndReveal.js';
export {
  type CoreClient,
  type CreateCoreClientParameters,
  createCoreClient,
  type RegistrySegment,
} from './createCoreClient.js';
export {
  type CreateCredentialParameters,
  type CreatePresentationParameters,
  createCredential,
  createPresentation,
  createSelfAttestation,
  type Signer,
} from './credentials.js';
export { LedgerRpcError, ProblemResponseError, TransactionRevertedError } from './errors.js';
export { paginate } from './paginate.js';
export { type RegisterDidParameters, registerDid } from './registerDid.js';
export {
  type RequestTokenParameters,
  type RequestTokenReturnType,
  requestToken,
  TokenRequestError,
} from './requestToken.js';
export {
  createDidCoreSigner,
  createDidKeySigner,
  createPrivateJwk,
  toAccount,
  type WalletSigner,
} from './signers.js';
export type {
  AccessTokenKeys,
  Attribute,
  AttributeList,
  AttributeRevisionList,
  AuthorizationServerMetadata,
  CollectionPage,
  ContractInstance,
  ContractList,
  DidDocument,
  DidDocumentJson,
  DidList,
  HashAlgorithm,
  HashAlgorithmList,
  InstanceDetails,
  Issuer,
  IssuerList,
  OAuthErrorResponse,
  Policy,
  PolicyList,
  PolicySubject,
  PolicySubjectList,
  Problem,
  Proxy,
  ProxyList,
  SchemaList,
  SchemaMetadataList,
  SchemaRevisionList,
  SubjectPolicy,
  Template,
  TemplateList,
  Timestamp,
  TimestampList,
  TimestampRecord,
  TimestampRecordList,
  TimestampVersion,
  TimestampVersionList,
  TntAccessList,
  TntDocument,
  TntDocumentList,
  TntEvent,
  TntEventList,
  TokenResponse,
} from './responses.js';
export { algorithmOf, signJwt } from './signJwt.js';
export {
  type Receipt,
  type WaitForReceiptParameters,
  type WriteContractParameters,
  waitForReceipt,
  writeContract,
  writeContractAndWait,
} from './writeContract.js';
