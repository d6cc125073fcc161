import Fastify from 'fastify';

/**
 * The HTTP ceiling: a bare Fastify route in a process like the node's, answering a body of the
 * same size as an `eth_blockNumber` response. Prints its port on stdout.
 */
const app = Fastify({ logger: false });
const body = '{"jsonrpc":"2.0","id":1,"result":"0x1234"}';
app.post('/v1/ledger', async (_request, reply) => reply.type('application/json').send(body));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
