import { MAX_BATCH_SIZE } from './parseRpcPayload.js';

/** Schemas of `POST /v1/ledger` (JSON-RPC 2.0, SPEC.md §2.3, §4.3, §7.3). */

const JSONRPC = { type: 'string', const: '2.0' } as const;
const METHODS =
  'A read method (eth_call, eth_getTransactionReceipt, eth_chainId, …), forwarded as sent; or eth_sendRawTransaction, which needs an access token with the scope of the function it calls';
const CODES =
  '-32700 parse error, -32600 invalid request (a missing scope or token included), -32601 method not found, -32005 batch too large or rate limited, -32603 internal error; other codes are the ledger’s';

const REQUEST = {
  type: 'object',
  required: ['jsonrpc', 'method'],
  properties: {
    jsonrpc: JSONRPC,
    method: { type: 'string', description: METHODS },
    params: { type: 'array', items: {}, description: 'eth_sendRawTransaction: [raw tx, 0x hex]' },
    id: { type: ['string', 'number'], description: 'Absent in a notification (no response)' },
  },
} as const;

const ERROR_OBJECT = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', description: CODES },
    message: { type: 'string' },
    data: { description: 'Whatever the ledger adds, e.g. the revert data' },
  },
} as const;

/** The id of the request answered; null when it could not be read. */
const ID = { type: ['string', 'number', 'null'] } as const;

/** One JSON-RPC error response: also what the endpoint answers a whole payload with. */
export const RPC_ERROR_RESPONSE = {
  type: 'object',
  required: ['jsonrpc', 'id', 'error'],
  properties: { jsonrpc: JSONRPC, id: ID, error: ERROR_OBJECT },
} as const;

const RESULT = { description: 'The result (a transaction hash for eth_sendRawTransaction)' };
const RESPONSE = {
  type: 'object',
  required: ['jsonrpc', 'id'],
  properties: { jsonrpc: JSONRPC, id: ID, result: RESULT, error: ERROR_OBJECT },
} as const;

/** The request body, documented only: the route parses it itself, so that bad JSON is -32700. */
export const RPC_REQUEST_BODY = {
  content: {
    'application/json': {
      schema: {
        description: `A JSON-RPC 2.0 request, or a batch of at most ${MAX_BATCH_SIZE}`,
        oneOf: [REQUEST, { type: 'array', minItems: 1, maxItems: MAX_BATCH_SIZE, items: REQUEST }],
      },
    },
  },
} as const;

/** The 200 response, documented only: forwarded ledger results are sent as they are. */
export const RPC_RESPONSE = {
  description: 'A JSON-RPC response, or the batch of responses in the order of the requests',
  content: {
    'application/json': { schema: { oneOf: [RESPONSE, { type: 'array', items: RESPONSE }] } },
  },
} as const;
