/**
 * The quorum rule of reads asked of several nodes: the answers are grouped by `keyOf` (answers
 * alike share a key), and the largest group is decided when it holds at least `quorum` answers.
 * - Design: docs/trust-model.md ("Quorum of nodes")
 * @returns the decided answer (`undefined` without a quorum), and `k of n nodes agreed`.
 */
export function decideByQuorum<answer>(
  answers: readonly answer[],
  quorum: number,
  keyOf: (answer: answer) => string,
): { decided: answer | undefined; agreed: string } {
  const groups = new Map<string, answer[]>();
  for (const answer of answers) {
    const key = keyOf(answer);
    groups.set(key, [...(groups.get(key) ?? []), answer]);
  }
  const [largest = []] = [...groups.values()].sort((a, b) => b.length - a.length);
  return {
    decided: largest.length >= quorum ? largest[0] : undefined,
    agreed: `${largest.length} of ${answers.length} nodes agreed`,
  };
}
