import Fastify from 'fastify';

/**
 * The HTTP ceiling: bare Fastify routes in a process like the node's, answering the body of an
 * `eth_blockNumber` response (POST) and, for GET, the JSON object in BENCH_BARE_GET_BODY: the
 * DID document row (d) reads, so that (d) is compared with the same body. Prints its address.
 */
const app = Fastify({ logger: false });
const body = '{"jsonrpc":"2.0","id":1,"result":"0x1234"}';
const getBody: unknown = JSON.parse(process.env.BENCH_BARE_GET_BODY ?? '{"ok":true}');
app.post('/v1/ledger', async (_request, reply) => reply.type('application/json').send(body));
app.get('/v1/bare', async () => getBody);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
