import { CliUsageError } from './output.js';

/**
 * `--nodes a,b,c` and `--quorum M`: independent operators' nodes, and how many of them must
 * answer alike (a majority unless `--quorum` says otherwise).
 * @throws {CliUsageError} for a node that is not an http(s) URL, or a quorum not from 1 to the
 *   number of nodes.
 */
export function parseQuorum(
  nodesOption: string,
  quorumOption: string | undefined,
): { nodes: string[]; quorum: number } {
  const nodes = nodesOption
    .split(',')
    .map((node) => node.trim())
    .filter((node) => node !== '');
  const bad = nodes.find((node) => !/^https?:\/\/[^/]/.test(node));
  if (nodes.length === 0 || bad !== undefined)
    throw new CliUsageError(
      `--nodes takes comma-separated http(s) URLs${bad ? `, not "${bad}"` : ''}`,
    );
  const quorum =
    quorumOption === undefined ? Math.floor(nodes.length / 2) + 1 : Number(quorumOption);
  if (!Number.isSafeInteger(quorum) || quorum < 1 || quorum > nodes.length)
    throw new CliUsageError(
      `--quorum must be a whole number from 1 to ${nodes.length} (the nodes)`,
    );
  return { nodes, quorum };
}
