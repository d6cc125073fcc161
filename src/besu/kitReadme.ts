import type { GovernancePlan } from '../governance/governancePlan.js';
import type { NetworkPlan } from './networkPlan.js';

/** The README of a kit: what is in the folder, the first commands, and where the rest is. */
export function toKitReadme(
  plan: NetworkPlan,
  apiImage: string,
  governance?: GovernancePlan,
): string {
  const governed = governance
    ? ` \\
  --operators ${governance.operators.join(',')} --threshold ${governance.threshold} --delay ${governance.delaySeconds}s`
    : '';
  const [first] = plan.validators;
  const names = plan.validators.map((validator) => validator.name).join(' ');
  const rows = plan.validators.map(
    (v) =>
      `| ${v.name} | \`${v.address}\` | http://127.0.0.1:${v.rpcHttpPort}, ws://127.0.0.1:${v.rpcWsPort} | ${v.p2pPort} | api-${v.index}: http://localhost:${v.apiPort} |`,
  );
  return `# Besu QBFT network (chain ${plan.chainId})

Written by \`core-registry network init\`: ${plan.validators.length} QBFT validator(s), a block
every ${plan.blockPeriodSeconds} s, zero gas price, and one core-registry API node per validator.
**docs/besu.md** in the core-registry repository is the full guide (start, deploy, add a
validator, add an API node, back up).

| validator | address | JSON-RPC (this host only) | P2P port | API node |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

- \`genesis.json\`: the network; every node of it, now or later, starts from this file.
- \`validator-<n>/key\`: the validator's node key (secret, mode 0600); \`key.pub\` its node id;
  \`config.toml\` its Besu configuration; \`data/\` appears at the first start.
- \`validators.json\`: addresses, enodes and URLs, without keys.
- \`compose.yaml\`, \`.env\`: the validators and API nodes as containers.
- \`environment/\`: \`core-registry deploy\` writes \`environment.json\` here for the API nodes.

In this folder (\`core-registry\` is the CLI of the repository: \`npx core-registry\` inside its
checkout, or \`node <checkout>/dist/src/cli/main.js\`):

\`\`\`sh
docker build -t ${apiImage} <checkout>
docker compose up -d ${names}
core-registry deploy --ledger-url http://127.0.0.1:${first?.rpcHttpPort} --data-dir operator --environment environment/environment.json${governed}
docker compose up -d
\`\`\`
${
  governance
    ? `
The network is governed by its ${governance.operators.length} operators: every admin action needs ${governance.threshold} of them and
waits ${governance.delaySeconds} s after they decide (docs/governance.md). The key in \`operator/\` deploys, then
holds no admin power.
`
    : ''
}
Back up the \`validator-<n>/key\` files, \`operator/operator.json\` and \`environment/\`: a lost
key cannot be recovered.
`;
}
