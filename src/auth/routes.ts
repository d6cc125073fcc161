import type { FastifyInstance } from 'fastify';
import type { JwsVerifier } from '../crypto/jws.js';
import { TokenRequestInvalidError } from '../errors/auth.js';
import { governanceContractsOf } from '../genesis/environment.js';
import { sendErrorReply } from '../http/errorReplies.js';
import { PROBLEM_RESPONSES } from '../http/problemSchema.js';
import { createTrustSources } from './createTrustSources.js';
import { buildDcqlDocument } from './dcqlQueries.js';
import { handleTokenRequest } from './handleTokenRequest.js';
import { oauthReply } from './oauthReply.js';
import type { ReplayStore } from './replayStore.js';
import {
  DCQL_DOCUMENT,
  DISCOVERY_DOCUMENT,
  JWKS,
  OAUTH_ERROR,
  TOKEN_REQUEST_BODY,
  TOKEN_RESPONSE,
} from './schemas.js';
import { parseScope, SCOPE_NAMES } from './scopes.js';
import type { TokenKeyRing } from './tokenKeyRing.js';

export type AuthRoutesOptions = {
  /** The access-token keys: the current one signs, the JWKS publishes them all. */
  tokenKeys: TokenKeyRing;
  /** Verifies presentations' and credentials' signatures (the node's crypto threads). */
  verifySignature: JwsVerifier;
  /** Where used presentations are recorded: this node's file, or a store nodes share. */
  replays: ReplayStore;
};

const TAG = 'auth';
/** A token request is one presentation and a few short parameters (the form encoding included). */
const TOKEN_BODY_LIMIT = 256 * 1024;
const OAUTH_ERROR_RESPONSE = (description: string) =>
  ({ description, content: { 'application/json': { schema: OAUTH_ERROR } } }) as const;

/**
 * The authorisation service under `/v1/auth`: discovery, JWKS, DCQL queries and the token
 * endpoint (OpenID4VP 1.0 + DCQL). `/presentation-definitions` is gone (404).
 * - Spec: SPEC.md §2.4, §2.5, §4.1, §5
 * - Design: DESIGN.md §6
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const issuer = `${app.config.publicUrl}/v1/auth`;
  const audience = `${app.config.publicUrl}/v1`;
  const { tokenKeys } = options;

  app.get(
    '/.well-known/openid-configuration',
    {
      schema: {
        tags: [TAG],
        summary: 'Authorisation server metadata',
        response: { 200: DISCOVERY_DOCUMENT, ...PROBLEM_RESPONSES },
      },
    },
    async () => ({
      issuer,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      dcql_query_endpoint: `${issuer}/dcql-queries`,
      scopes_supported: ['openid', ...SCOPE_NAMES],
      grant_types_supported: ['vp_token'],
      response_types_supported: ['token'],
      token_endpoint_auth_methods_supported: ['none'],
      subject_types_supported: ['public'],
      subject_syntax_types_supported: ['did:core', 'did:key'],
      id_token_signing_alg_values_supported: ['ES256'],
      id_token_types_supported: ['attester_signed_id_token'],
      vp_formats_supported: {
        jwt_vc_json: { alg_values_supported: ['ES256', 'ES256K'], alg_values: ['ES256', 'ES256K'] },
      },
    }),
  );

  app.get(
    '/jwks',
    {
      config: { produces: ['application/jwk-set+json', 'application/json'] },
      schema: {
        tags: [TAG],
        summary: 'Access-token signing keys',
        response: {
          200: {
            description: 'The public keys that sign access tokens (RFC 7517)',
            content: {
              'application/jwk-set+json': { schema: JWKS },
              'application/json': { schema: JWKS },
            },
          },
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      reply.type(`${request.responseType}; charset=utf-8`);
      return tokenKeys.jwks();
    },
  );

  app.get<{ Querystring: { scope: string } }>(
    '/dcql-queries',
    {
      schema: {
        tags: [TAG],
        summary: 'The DCQL query a scope requires',
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['scope'],
          properties: { scope: { type: 'string', description: 'e.g. "openid timestamp:write"' } },
        },
        response: { 200: DCQL_DOCUMENT, ...PROBLEM_RESPONSES },
      },
    },
    async (request) =>
      buildDcqlDocument(parseScope(request.query.scope), governanceContractsOf(app.environment)),
  );

  await app.register(async function token(scope) {
    // RFC 6749 §3.2: parameters must not repeat; the form body is read here so that duplicates are seen.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        const params = new URLSearchParams(body as string);
        const names = [...params.keys()];
        const repeated = names.find((name, i) => names.indexOf(name) !== i);
        if (repeated)
          done(
            new TokenRequestInvalidError(repeated, `The parameter "${repeated}" is repeated`),
            undefined,
          );
        else done(null, Object.fromEntries(params));
      },
    );
    scope.setErrorHandler((error, request, reply) =>
      sendErrorReply(request, reply, error, oauthReply),
    );
    scope.errorReplies.answerAt('POST', `${scope.prefix}/token`, oauthReply);
    scope.post<{ Body: Record<string, unknown> }>(
      '/token',
      {
        bodyLimit: TOKEN_BODY_LIMIT,
        // Documented, not validated: the parameters are checked in a fixed order, with SPEC's texts.
        config: { documentation: { body: TOKEN_REQUEST_BODY } },
        schema: {
          tags: [TAG],
          summary: 'Access token for a verifiable presentation (OpenID4VP 1.0 + DCQL)',
          description:
            "Get the DCQL query of the scope from GET /v1/auth/dcql-queries, present one credential of it in a presentation JWT signed by the holder (aud: this node's /v1/auth, a fresh nonce, expiring within 5 minutes), and send it as `vp_token`, form-encoded or as JSON. Every error is an OAuth error object at HTTP 400 (SPEC.md §5.4), a rate limit at 429.",
          response: {
            200: { description: 'An access token (no refresh token)', ...TOKEN_RESPONSE },
            400: OAUTH_ERROR_RESPONSE('OAuth error: the request, scope or presentation is refused'),
            429: OAUTH_ERROR_RESPONSE('Rate limited; retry after `Retry-After` seconds'),
          },
        },
      },
      async function token(request, reply) {
        const body = request.body;
        if (typeof body !== 'object' || body === null)
          throw new TokenRequestInvalidError(undefined, 'The token request has no parameters');
        const reader = await this.chain.latest();
        const trust = createTrustSources(reader, this.environment, this.targets);
        const response = await handleTokenRequest(body, {
          trust,
          replays: options.replays,
          signingKey: tokenKeys.current(),
          verifySignature: options.verifySignature,
          issuer,
          audience,
          now: Math.floor(Date.now() / 1000),
        });
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return response;
      },
    );
  });
}
