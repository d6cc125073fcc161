import type { FastifyInstance } from 'fastify';
import { TokenRequestInvalidError } from '../errors/auth.js';
import { sendErrorReply } from '../http/errorReplies.js';
import { PROBLEM_RESPONSES } from '../http/problemSchema.js';
import { createTrustSources } from './createTrustSources.js';
import { buildDcqlDocument } from './dcqlQueries.js';
import { handleTokenRequest } from './handleTokenRequest.js';
import { oauthReply } from './oauthReply.js';
import type { ReplayStore } from './replayStore.js';
import { parseScope, SCOPE_NAMES } from './scopes.js';
import type { SigningKey } from './signingKeys.js';

export type AuthRoutesOptions = {
  signingKey: SigningKey;
  /** Where used presentations are recorded: this node's file, or a store nodes share. */
  replays: ReplayStore;
};

const TAG = 'auth';
/** A token request is one presentation and a few short parameters (the form encoding included). */
const TOKEN_BODY_LIMIT = 256 * 1024;
const OAUTH_ERROR = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: { error: { type: 'string' }, error_description: { type: 'string' } },
} as const;

/**
 * The authorisation service under `/v1/auth`: discovery, JWKS, DCQL queries and the token
 * endpoint (OpenID4VP 1.0 + DCQL). `/presentation-definitions` is gone (404).
 * - Spec: SPEC.md §2.4, §2.5, §4.1, §5
 * - Design: DESIGN.md §6
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const issuer = `${app.config.publicUrl}/v1/auth`;
  const audience = `${app.config.publicUrl}/v1`;
  const { signingKey } = options;
  const jwks = { keys: [signingKey.publicJwk] };

  app.get(
    '/.well-known/openid-configuration',
    {
      schema: {
        tags: [TAG],
        summary: 'Authorisation server metadata',
        response: PROBLEM_RESPONSES,
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
      schema: { tags: [TAG], summary: 'Access-token signing keys', response: PROBLEM_RESPONSES },
    },
    async (request, reply) => {
      reply.type(`${request.responseType}; charset=utf-8`);
      return jwks;
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
        response: PROBLEM_RESPONSES,
      },
    },
    async (request) => buildDcqlDocument(parseScope(request.query.scope)),
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
        schema: {
          tags: [TAG],
          summary: 'Access token for a verifiable presentation (OpenID4VP 1.0 + DCQL)',
          response: { 400: OAUTH_ERROR, 429: OAUTH_ERROR },
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
          signingKey,
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
