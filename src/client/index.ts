// The SDK entry point, published as `core-registry/client`: what wallets and issuer back-ends use.

// The registries' committed ABIs, `as const`: what `RegistryAbi` types the writes with.
export { contractsRegistryAbi } from '../../artifacts/ContractsRegistry.js';
export { didRegistryAbi } from '../../artifacts/DidRegistry.js';
export { issuersRegistryAbi } from '../../artifacts/IssuersRegistry.js';
export { policiesRegistryAbi } from '../../artifacts/PoliciesRegistry.js';
export { schemasRegistryAbi } from '../../artifacts/SchemasRegistry.js';
export { timestampAbi } from '../../artifacts/Timestamp.js';
export { trackAndTraceAbi } from '../../artifacts/TrackAndTrace.js';

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
export type { JwsSigningKey } from '../identity/signCompactJws.js';
export {
  type CommitAndRevealParameters,
  type CommitAndRevealReturnType,
  commitAndReveal,
} from './commitAndReveal.js';
export type {
  ContractWrite,
  RegistryAbi,
  WriteFunctionArgs,
  WriteFunctionName,
} from './contractWrite.js';
export {
  type CoreClient,
  type CreateCoreClientParameters,
  createCoreClient,
  type RegistrySegment,
  type RpcBatchRequest,
  type RpcBatchResult,
} from './createCoreClient.js';
export {
  type AnySigner,
  type CreateCredentialParameters,
  type CreatePresentationParameters,
  createCredential,
  createPresentation,
  createSelfAttestation,
  type RemoteSigner,
  type Signer,
  signCredential,
  signPresentation,
  signSelfAttestation,
} from './credentials.js';
export {
  LedgerRpcError,
  ProblemResponseError,
  TransactionRevertedError,
  WriteContractsError,
  type WriteOutcome,
} from './errors.js';
export {
  DID_HISTORY_EVENTS,
  type DidChange,
  type DidHistoryEntry,
  type DidHistoryEventName,
  type GetDidHistoryParameters,
  getDidHistory,
} from './getDidHistory.js';
export { paginate } from './paginate.js';
export { type RegisterDidParameters, registerDid } from './registerDid.js';
export {
  type RequestTokenParameters,
  type RequestTokenReturnType,
  requestToken,
  TokenRequestError,
} from './requestToken.js';
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
export {
  createDidCoreSigner,
  createDidKeySigner,
  createPrivateJwk,
  type DidSigner,
  toAccount,
  type WalletSigner,
} from './signers.js';
export { algorithmOf, signJwt } from './signJwt.js';
export {
  type TrqpAuthorizationRequest,
  type TrqpAuthorizationResponse,
  type TrqpRecognitionRequest,
  type TrqpRecognitionResponse,
  trqpAuthorization,
  trqpRecognition,
} from './trqp.js';
export {
  CHECK_IDS,
  type ChainLink,
  type Check,
  type CheckId,
  type CheckVerdict,
  type TrustReport,
} from './verify/trustReport.js';
export {
  type VerifyCredentialParameters,
  type VerifyCredentialReturnType,
  verifyCredential,
} from './verifyCredential.js';
export {
  type Receipt,
  type WaitForReceiptParameters,
  type WriteContractParameters,
  waitForReceipt,
  writeContract,
  writeContractAndWait,
} from './writeContract.js';
export {
  type WriteContractsParameters,
  type WriteContractsReturnType,
  writeContracts,
  writeContractsAndWait,
} from './writeContracts.js';
