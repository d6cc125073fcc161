/**
 * The revision that was the latest at Unix time `at`: the last of `count` revisions, oldest first,
 * whose block time is not after `at`; `undefined` when the first is already later. Block times
 * never decrease along a chain, so revisions are read by halves (about log2(count) reads). The
 * one `valid-at` rule of the Issuers Registry's read and of the proofs that check it.
 */
export async function findRevisionAt<revision extends { timestamp: bigint }>(
  count: number,
  readRevision: (index: number) => Promise<revision>,
  at: bigint,
): Promise<revision | undefined> {
  let found: revision | undefined;
  let low = 0;
  let high = count - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const revision = await readRevision(middle);
    if (revision.timestamp <= at) {
      found = revision;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
