import type { CoreClient } from '../client/createCoreClient.js';
import {
  type TrqpAuthorizationResponse,
  type TrqpRecognitionResponse,
  trqpAuthorization,
  trqpRecognition,
} from '../client/trqp.js';
import type { CommandGroup } from './commandTree.js';
import { CliUsageError, type Output } from './output.js';

/** What `trqp` commands read from the command line. */
export type TrqpContext = {
  client: CoreClient;
  output: Output;
  /** `--at`: the instant the answer must hold at (`context.time`). */
  at: string | undefined;
};

const QUERY_ARGS = '<entity_id> <authority_id> <action> <resource>';

/** `core-registry trqp …`: the node's ToIP TRQP v2.0 answers, as a relying party gets them. */
export const TRQP_COMMANDS: CommandGroup<TrqpContext> = {
  summary:
    "Ask a node TRQP v2.0 questions (ToIP's Trust Registry Query Protocol),\nanswered from its Issuers Registry.",
  options: `Options: --node URL (default http://localhost:8080, or CORE_NODE_URL), --at T (the
  answer as of an RFC 3339 UTC time, e.g. 2026-01-31T12:00:00Z; now by default), --json (the
  node's whole answer). docs/trqp.md gives the vocabulary (also GET /v1/trqp).
  Exit codes: 0 yes, 1 no or a query the node refused (the message says why), 2 bad usage.`,
  commands: {
    authorize: {
      args: QUERY_ARGS,
      summary:
        'Is the entity authorised by the authority to take the action on\nthe resource? (POST /v1/trqp/authorization)',
      details: `Actions: issue (credentials of the resource), accredit (others to issue it). The resource
is a credential type or a Schemas Registry schema id; the authority a TAO or the Root TAO of
the entity's chain.`,
      run: async (args, context) => {
        const query = { ...toQuery(args, 'trqp authorize'), ...withTime(context.at) };
        answer(context, await trqpAuthorization(context.client, query), 'authorized');
      },
    },
    recognize: {
      args: QUERY_ARGS,
      summary:
        'Does the authority recognise another authority? (POST\n/v1/trqp/recognition; this network records no recognition yet)',
      run: async (args, context) => {
        const query = { ...toQuery(args, 'trqp recognize'), ...withTime(context.at) };
        answer(context, await trqpRecognition(context.client, query), 'recognized');
      },
    },
  },
};

function toQuery(args: readonly string[], command: string) {
  const [entity_id, authority_id, action, resource, ...extra] = args;
  if (resource === undefined || extra.length > 0)
    throw new CliUsageError(`${command} takes four arguments: ${QUERY_ARGS}`);
  return { entity_id, authority_id, action, resource } as {
    entity_id: string;
    authority_id: string;
    action: string;
    resource: string;
  };
}

function withTime(at: string | undefined) {
  return at === undefined ? {} : { context: { time: at } };
}

/** Prints the answer (`yes: …` or `no: …`) and sets the exit code: 0 yes, 1 no. */
function answer(
  context: TrqpContext,
  response: TrqpAuthorizationResponse | TrqpRecognitionResponse,
  member: 'authorized' | 'recognized',
): void {
  const yes = (response as Record<string, unknown>)[member] === true;
  const word = yes ? member : `not ${member}`;
  context.output.result(response, `${word}: ${response.message ?? ''}`.trimEnd());
  if (!yes) process.exitCode = 1;
}
