import type { FastifyInstance } from 'fastify';
import { createTokenTrust } from '../auth/createTokenTrust.js';
import type { TokenKeyRing } from '../auth/tokenKeyRing.js';
import type { CryptoPool } from '../crypto/createCryptoPool.js';
import { asCoreError } from '../errors/anyCoreError.js';
import { RPC_ERRORS, RpcError } from '../errors/rpc.js';
import { BEARER_AUTH } from '../http/bearerAuth.js';
import { type ErrorReply, sendErrorReply } from '../http/errorReplies.js';
import { problemReply } from '../http/kernel.js';
import { PROBLEM_RESPONSES } from '../http/problemSchema.js';
import { coalesceReads } from '../ledger/coalesceReads.js';
import { handleRpc } from './handleRpc.js';
import { MAX_BATCH_SIZE, parseRpcPayload } from './parseRpcPayload.js';
import { RPC_ERROR_RESPONSE, RPC_REQUEST_BODY, RPC_RESPONSE } from './schemas.js';
import { toRpcErrorResponse } from './toRpcError.js';
import { createTokenCache } from './writeGate/createTokenCache.js';
import { createWriteGate } from './writeGate/createWriteGate.js';

export type LedgerRoutesOptions = { tokenKeys: TokenKeyRing; crypto: CryptoPool };

/** Room for a full batch of raw transactions. */
const RPC_BODY_LIMIT = 16 * 1024 * 1024;
const JSON_MEDIA_TYPES = ['application/json', 'application/json-rpc', 'application/jsonrequest'];

/**
 * `POST /v1/ledger`: the ledger's JSON-RPC interface. Reads are forwarded as sent; writes
 * (`eth_sendRawTransaction`) pass the write gate first. JSON-RPC errors, not Problem Details,
 * except for what HTTP itself decides (405, 406, 413, 415).
 * - Spec: SPEC.md §4.3, §7.3
 */
export async function ledgerRoutes(
  app: FastifyInstance,
  options: LedgerRoutesOptions,
): Promise<void> {
  const { publicUrl } = app.config;
  const { tokenKeys } = options;
  const gate = createWriteGate({
    environment: app.environment,
    chain: app.chain,
    targets: app.targets,
    crypto: options.crypto,
    verifyToken: createTokenCache(
      createTokenTrust({
        own: { keys: tokenKeys.keys, issuer: `${publicUrl}/v1/auth`, audience: `${publicUrl}/v1` },
        peers: app.config.trustedPeers,
      }),
      undefined,
      tokenKeys.version,
    ),
  });
  app.setErrorHandler((error, request, reply) =>
    sendErrorReply(request, reply, error, ledgerErrorReply),
  );
  const reads = coalesceReads(app.ledger);
  const gas = { perCall: app.config.rpcGasCap, perBatch: app.config.rpcBatchGas };
  // The body is parsed here, not by Fastify, so that invalid JSON becomes -32700.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    JSON_MEDIA_TYPES,
    { parseAs: 'string', bodyLimit: RPC_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/ledger',
    {
      bodyLimit: RPC_BODY_LIMIT,
      config: { documentation: { body: RPC_REQUEST_BODY, response: { 200: RPC_RESPONSE } } },
      schema: {
        tags: ['ledger'],
        summary: 'Ledger JSON-RPC 2.0 endpoint (single request or batch)',
        description: `Forwards read methods as sent, without authentication. Only eth_sendRawTransaction needs "Authorization: Bearer <access token>" (POST /v1/auth/token), whose scope must cover the function it calls; a write without one is answered with JSON-RPC -32600 at HTTP 200, never 401. Batches hold at most ${MAX_BATCH_SIZE} entries.`,
        security: [{}, { [BEARER_AUTH]: [] }],
        response: {
          204: { description: 'The request held only notifications', type: 'null' },
          400: {
            description: 'Parse error: JSON-RPC -32700 (the body is not JSON)',
            content: { 'application/json': { schema: RPC_ERROR_RESPONSE } },
          },
          429: {
            description: 'Rate limited: JSON-RPC -32005; retry after `Retry-After` seconds',
            content: { 'application/json': { schema: RPC_ERROR_RESPONSE } },
          },
          // 405, 406, 413, 415 and 5xx are decided by HTTP, not JSON-RPC: Problem Details.
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async function ledger(request, reply) {
      let payload: ReturnType<typeof parseRpcPayload>;
      try {
        payload = parseRpcPayload(typeof request.body === 'string' ? request.body : '');
      } catch (error) {
        if (!(error instanceof RpcError)) throw error;
        return reply.code(error.status).send(toRpcErrorResponse(error, null));
      }
      const answer = await handleRpc(payload, {
        ledger: this.ledger,
        reads,
        sawBlock: (head) => this.heads.saw(head),
        gate: gate.forRequest(request.headers.authorization),
        gas,
        onUnexpected: (error) => request.log.error({ err: error }, 'JSON-RPC entry failed'),
      });
      if (answer === undefined) return reply.code(204).send();
      return reply.type('application/json').send(answer);
    },
  );
}

/**
 * A rate limit is answered as JSON-RPC -32005 at 429, which Ethereum clients retry after
 * `Retry-After`; everything HTTP itself decides stays Problem Details.
 */
function ledgerErrorReply(error: unknown, context: { bodyLimit?: number | undefined }): ErrorReply {
  const limited = asCoreError(error);
  if (limited?.code !== 'CORE_ERR_RATE_LIMITED') return problemReply(error, context);
  return {
    status: RPC_ERRORS.RATE_LIMITED.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': String(limited.retryAfter),
    },
    body: toRpcErrorResponse(limited, null),
    unexpected: false,
  };
}
