import Fastify from 'fastify';

/**
 * The HTTP ceiling: bare Fastify routes in a process like the node's, answering bodies of the
 * size of an `eth_blockNumber` response (POST) and of a small REST read (GET). Prints its address.
 */
const app = Fastify({ logger: false });
const body = '{"jsonrpc":"2.0","id":1,"result":"0x1234"}';
app.post('/v1/ledger', async (_request, reply) => reply.type('application/json').send(body));
app.get('/v1/bare', async () => ({
  contractAddress: '0x0000000000000000000000000000000000000000',
  ok: true,
}));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
