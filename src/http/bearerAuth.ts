/** Name of the OpenAPI security scheme of access tokens. */
export const BEARER_AUTH = 'bearerAuth';

/**
 * The access tokens of `POST /v1/auth/token`, sent as `Authorization: Bearer <token>`.
 * - Spec: SPEC.md §4.3, §5.1
 */
export const BEARER_AUTH_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description:
    'An access token from POST /v1/auth/token (OpenID4VP 1.0 + DCQL), valid for 2 hours. Only ledger writes (eth_sendRawTransaction on POST /v1/ledger) need one; every read is public.',
} as const;
