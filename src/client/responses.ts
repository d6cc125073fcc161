// The bodies of the node's REST reads, as TypeScript types DERIVED from the JSON Schemas its routes
// declare (`FromSchema` of json-schema-to-ts): a schema change changes the type, never a second,
// hand-written copy. Every import is type-only: no server code ships with the SDK.
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { DISCOVERY_DOCUMENT, JWKS, OAUTH_ERROR, TOKEN_RESPONSE } from '../auth/schemas.js';
import type { collectionSchema } from '../http/pagination.js';
import type { PROBLEM_SCHEMA } from '../http/problemSchema.js';
import type { detailsResponse } from '../registries/common/schemas.js';
import type * as contracts from '../registries/contracts-registry/schemas.js';
import type * as dids from '../registries/did-registry/schemas.js';
import type * as issuers from '../registries/issuers-registry/schemas.js';
import type * as policies from '../registries/policies-registry/schemas.js';
import type * as schemas from '../registries/schemas-registry/schemas.js';
import type * as timestamp from '../registries/timestamp/schemas.js';
import type * as tnt from '../registries/track-and-trace/schemas.js';

/** The 200 body of a route's `response` schemas. */
type Ok<responses extends { 200: JSONSchema }> = FromSchema<responses[200]>;

/** The envelope of every collection read, around a page of `item`s. */
export type CollectionPage<item> = Omit<
  FromSchema<ReturnType<typeof collectionSchema<{ readonly type: 'object' }>>>,
  'items'
> & { items: item[] };

/** RFC 9457 Problem Details: the body of every REST error (`ProblemResponseError` carries it). */
export type Problem = FromSchema<typeof PROBLEM_SCHEMA>;

/** `GET /v1/<registry>/details`: the instance and the registries it links to, by field name. */
export type InstanceDetails<field extends string = string> = Ok<
  ReturnType<typeof detailsResponse<field>>
>;

// DID Registry
type DidDocumentContent = (typeof dids.DID_DOCUMENT)[200]['content'];
/** `GET /v1/did-registry/identifiers/{did}`, JSON-LD (`application/did+ld+json`, the default). */
export type DidDocument = FromSchema<DidDocumentContent[typeof dids.DID_LD_JSON]['schema']>;
/** The same without `@context` (`Accept: application/did+json`). */
export type DidDocumentJson = FromSchema<DidDocumentContent[typeof dids.DID_JSON]['schema']>;
/** `GET /v1/did-registry/identifiers`: a page of `{ did, href }`. */
export type DidList = Ok<typeof dids.IDENTIFIER_LIST>;

// Issuers Registry
/** `GET /v1/issuers-registry/issuers`: a page of `{ did, href }`. */
export type IssuerList = Ok<typeof issuers.ISSUER_LIST>;
/** `GET /v1/issuers-registry/issuers/{did}`; the array form is `version=deprecated`. */
export type Issuer = Ok<typeof issuers.ISSUER>;
/** `GET /v1/issuers-registry/issuers/{did}/attributes`: a page of `{ id, href }`. */
export type AttributeList = Ok<typeof issuers.ID_LIST>;
/** `GET /v1/issuers-registry/issuers/{did}/attributes/{id}` (and one revision of it). */
export type Attribute = Ok<typeof issuers.ATTRIBUTE>;
/** `GET …/attributes/{id}/revisions`: links, or full revisions with `version=deprecated`. */
export type AttributeRevisionList = Ok<typeof issuers.REVISION_LIST>;
/** `GET /v1/issuers-registry/issuers/{did}/proxies`. */
export type ProxyList = Ok<typeof issuers.PROXY_LIST>;
/** `GET /v1/issuers-registry/issuers/{did}/proxies/{proxyId}` (header names only). */
export type Proxy = Ok<typeof issuers.PROXY>;

// Policies Registry
/** `GET /v1/policies-registry/policies`. */
export type PolicyList = Ok<typeof policies.POLICY_LIST>;
/** `GET /v1/policies-registry/policies/{policyName}`. */
export type Policy = Ok<typeof policies.POLICY>;
/** `GET /v1/policies-registry/subjects`. */
export type PolicySubjectList = Ok<typeof policies.SUBJECT_LIST>;
/** `GET /v1/policies-registry/subjects/{subject}`. */
export type PolicySubject = Ok<typeof policies.SUBJECT>;
/** `GET /v1/policies-registry/subjects/{subject}/policies/{policyName}`. */
export type SubjectPolicy = Ok<typeof policies.SUBJECT_POLICY>;

// Schemas Registry (the documents themselves are any JSON)
/** `GET /v1/schemas-registry/schemas`. */
export type SchemaList = Ok<typeof schemas.SCHEMA_LIST>;
/** `GET /v1/schemas-registry/schemas/{schemaId}/revisions`. */
export type SchemaRevisionList = Ok<typeof schemas.REVISION_LIST>;
/** `GET …/revisions/{revisionId}/metadata`. */
export type SchemaMetadataList = Ok<typeof schemas.METADATA_LIST>;

// Timestamp
/** `GET /v1/timestamp/hash-algorithms`. */
export type HashAlgorithmList = Ok<typeof timestamp.HASH_ALGORITHM_LIST>;
/** `GET /v1/timestamp/hash-algorithms/{hashAlgorithmId}`. */
export type HashAlgorithm = Ok<typeof timestamp.HASH_ALGORITHM>;
/** `GET /v1/timestamp/timestamps`. */
export type TimestampList = Ok<typeof timestamp.TIMESTAMP_LIST>;
/** `GET /v1/timestamp/timestamps/{timestampId}`. */
export type Timestamp = Ok<typeof timestamp.TIMESTAMP>;
/** `GET /v1/timestamp/records`. */
export type TimestampRecordList = Ok<typeof timestamp.RECORD_LIST>;
/** `GET /v1/timestamp/records/{recordId}`. */
export type TimestampRecord = Ok<typeof timestamp.RECORD>;
/** `GET /v1/timestamp/records/{recordId}/versions`. */
export type TimestampVersionList = Ok<typeof timestamp.VERSION_LIST>;
/** `GET /v1/timestamp/records/{recordId}/versions/{versionId}`. */
export type TimestampVersion = Ok<typeof timestamp.VERSION>;

// Track and Trace
/** `GET /v1/track-and-trace/documents`. */
export type TntDocumentList = Ok<typeof tnt.DOCUMENT_LIST>;
/** `GET /v1/track-and-trace/documents/{documentId}` (`events` with `version=deprecated`). */
export type TntDocument = Ok<typeof tnt.DOCUMENT>;
/** `GET /v1/track-and-trace/documents/{documentId}/events`. */
export type TntEventList = Ok<typeof tnt.EVENT_LIST>;
/** `GET /v1/track-and-trace/documents/{documentId}/events/{eventId}`. */
export type TntEvent = Ok<typeof tnt.EVENT>;
/** `GET /v1/track-and-trace/accesses` and `/documents/{documentId}/accesses`. */
export type TntAccessList = Ok<typeof tnt.ACCESS_LIST>;

// Contracts Registry
/** `GET /v1/contracts-registry/contracts`. */
export type ContractList = Ok<typeof contracts.CONTRACT_LIST>;
/** `GET /v1/contracts-registry/contracts/{address}`. */
export type ContractInstance = Ok<typeof contracts.CONTRACT>;
/** `GET /v1/contracts-registry/templates`. */
export type TemplateList = Ok<typeof contracts.TEMPLATE_LIST>;
/** `GET /v1/contracts-registry/templates/{id}`. */
export type Template = Ok<typeof contracts.TEMPLATE>;

// Authorisation service
/** `GET /v1/auth/.well-known/openid-configuration`. */
export type AuthorizationServerMetadata = FromSchema<typeof DISCOVERY_DOCUMENT>;
/** `GET /v1/auth/jwks`. */
export type AccessTokenKeys = FromSchema<typeof JWKS>;
/** `POST /v1/auth/token`, 200. */
export type TokenResponse = FromSchema<typeof TOKEN_RESPONSE>;
/** `POST /v1/auth/token`, 400 (`TokenRequestError` carries it). */
export type OAuthErrorResponse = FromSchema<typeof OAUTH_ERROR>;
