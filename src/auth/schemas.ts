import { ACCESS_TOKEN_LIFETIME } from './accessToken.js';
import { MAX_PRESENTATION_CHARACTERS } from './handleTokenRequest.js';
import { SCOPE_NAMES } from './scopes.js';

/** Schemas of the authorisation service's routes (SPEC.md §2.2, §2.4–2.6, §5.4). */

const STRINGS = { type: 'array', items: { type: 'string' } } as const;
const ALGORITHMS = { type: 'array', items: { type: 'string', enum: ['ES256', 'ES256K'] } } as const;
/** The presentation algorithms, under their SPEC name and their OpenID4VP 1.0 name. */
const VP_FORMATS = {
  type: 'object',
  properties: {
    jwt_vc_json: {
      type: 'object',
      properties: { alg_values_supported: ALGORITHMS, alg_values: ALGORITHMS },
    },
  },
} as const;
const SCOPE = {
  type: 'string',
  description: `"openid" and one or more of ${SCOPE_NAMES.join(', ')}, space-separated (SPEC.md §5.2, §5.3); each may end with ":<0x address>" to target one instance`,
  examples: ['openid timestamp:write'],
} as const;

/** SPEC.md §2.2: the body of every error of the token endpoint. */
export const OAUTH_ERROR = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: {
    error: {
      type: 'string',
      enum: ['invalid_request', 'invalid_scope', 'invalid_grant', 'server_error'],
    },
    error_description: { type: 'string', description: 'What failed, precisely' },
  },
  additionalProperties: false,
} as const;

/** SPEC.md §2.4: the authorisation server metadata. */
export const DISCOVERY_DOCUMENT = {
  type: 'object',
  required: ['issuer', 'token_endpoint', 'jwks_uri', 'dcql_query_endpoint'],
  properties: {
    issuer: { type: 'string' },
    token_endpoint: { type: 'string' },
    jwks_uri: { type: 'string' },
    dcql_query_endpoint: { type: 'string' },
    scopes_supported: STRINGS,
    grant_types_supported: STRINGS,
    response_types_supported: STRINGS,
    token_endpoint_auth_methods_supported: STRINGS,
    subject_types_supported: STRINGS,
    subject_syntax_types_supported: STRINGS,
    id_token_signing_alg_values_supported: STRINGS,
    id_token_types_supported: STRINGS,
    vp_formats_supported: VP_FORMATS,
  },
  additionalProperties: false,
} as const;

/** RFC 7517 key set: the public keys that sign access tokens. */
export const JWKS = {
  type: 'object',
  required: ['keys'],
  properties: {
    keys: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kty', 'crv', 'x', 'y', 'kid', 'alg', 'use'],
        properties: {
          kty: { type: 'string', const: 'EC' },
          crv: { type: 'string', const: 'P-256' },
          x: { type: 'string' },
          y: { type: 'string' },
          kid: { type: 'string', description: 'The RFC 7638 thumbprint of the key' },
          alg: { type: 'string', const: 'ES256' },
          use: { type: 'string', const: 'sig' },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

/** SPEC.md §2.5: the DCQL query a scope requires; `vp_token` is keyed by its credential ids. */
export const DCQL_DOCUMENT = {
  type: 'object',
  required: ['scope', 'dcql_query', 'client_metadata'],
  properties: {
    scope: { type: 'string' },
    dcql_query: {
      type: 'object',
      required: ['credentials'],
      properties: {
        credentials: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'format', 'meta', 'claims'],
            properties: {
              id: { type: 'string', description: 'The credential-query id: the key in `vp_token`' },
              format: { type: 'string', const: 'jwt_vc_json' },
              meta: {
                type: 'object',
                properties: { type_values: { type: 'array', items: STRINGS } },
              },
              claims: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['path'],
                  properties: { path: STRINGS, values: STRINGS },
                },
              },
            },
          },
        },
      },
    },
    client_metadata: { type: 'object', properties: { vp_formats_supported: VP_FORMATS } },
  },
} as const;

const TOKEN_REQUEST = {
  type: 'object',
  required: ['grant_type', 'scope', 'vp_token'],
  properties: {
    grant_type: { type: 'string', const: 'vp_token', description: 'OpenID4VP 1.0' },
    scope: SCOPE,
    vp_token: {
      type: 'object',
      description: `Keyed by the credential-query id of GET /v1/auth/dcql-queries?scope=<scope> (e.g. "self_attestation"): an array of exactly one presentation, a compact JWS of at most ${MAX_PRESENTATION_CHARACTERS} characters. A bare JWS string is refused (invalid_request)`,
      minProperties: 1,
      maxProperties: 1,
      additionalProperties: { type: 'array', minItems: 1, maxItems: 1, items: { type: 'string' } },
      examples: [{ self_attestation: ['<presentation JWT>'] }],
    },
    presentation_submission: {
      not: {},
      description: 'Must be omitted: the request uses DCQL, not Presentation Exchange',
    },
  },
  additionalProperties: false,
} as const;

/**
 * The token request, documented only: the route reads the form itself (a repeated parameter is
 * refused) and checks each parameter in a fixed order with its own OAuth error texts, which body
 * validation would replace. In a form body `vp_token` is its JSON text.
 */
export const TOKEN_REQUEST_BODY = {
  content: {
    'application/x-www-form-urlencoded': {
      schema: {
        ...TOKEN_REQUEST,
        properties: {
          ...TOKEN_REQUEST.properties,
          vp_token: {
            type: 'string',
            contentMediaType: 'application/json',
            description: `The JSON text of the object sent in a JSON body. ${TOKEN_REQUEST.properties.vp_token.description}`,
            examples: ['{"self_attestation":["<presentation JWT>"]}'],
          },
        },
      },
    },
    'application/json': { schema: TOKEN_REQUEST },
  },
} as const;

/** SPEC.md §2.6: an access token for the granted scopes; no refresh token. */
export const TOKEN_RESPONSE = {
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in', 'scope'],
  properties: {
    access_token: { type: 'string', description: 'A JWT, sent as `Authorization: Bearer <token>`' },
    token_type: { type: 'string', const: 'Bearer' },
    expires_in: { type: 'integer', description: `Seconds: always ${ACCESS_TOKEN_LIFETIME}` },
    scope: { type: 'string', description: 'The granted scope, as requested' },
  },
  additionalProperties: false,
} as const;
