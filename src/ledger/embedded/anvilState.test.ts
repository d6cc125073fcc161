import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { EmbeddedLedgerError } from '../../errors/ledger.js';
import { hexResultDecoder } from './anvilState.js';
import { writeCheckpoint } from './checkpoints.js';

const answerOf = (bytes: Uint8Array) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, result: `0x${Buffer.from(bytes).toString('hex')}` });

/** `text` cut at `cuts` (positions, any order), decoded piece by piece. */
function decode(text: string, cuts: readonly number[] = []): Buffer {
  const decoder = hexResultDecoder();
  const ends = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const to of [...ends, text.length]) {
    pieces.push(decoder.push(text.slice(from, to)));
    from = to;
  }
  decoder.end();
  return Buffer.concat(pieces);
}

describe('a hex result read as it arrives', () => {
  test('property: any bytes, cut anywhere (inside "result" and between two hex digits too), come back whole', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (bytes, cuts) => {
          expect(decode(answerOf(bytes), cuts)).toEqual(Buffer.from(bytes));
        },
      ),
      { numRuns: 500 },
    );
  });

  test('default: a dump of a few MiB in 64 KiB pieces', () => {
    const bytes = randomBytes(3 * 2 ** 20 + 1);
    const text = answerOf(bytes);
    const cuts = Array.from({ length: Math.ceil(text.length / 65_536) }, (_, i) => i * 65_536);
    expect(decode(text, cuts).equals(bytes)).toBe(true);
  });

  test.each([
    [
      'an error answer',
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"state is gone"}}',
      /refused "anvil_dumpState": state is gone/,
    ],
    ['a result that is no hex', '{"jsonrpc":"2.0","id":1,"result":"0x12zz"}', /not hex/],
    ['an odd number of digits', '{"jsonrpc":"2.0","id":1,"result":"0x123"}', /odd number/],
    ['an answer cut inside the result', '{"jsonrpc":"2.0","id":1,"result":"0x1234', /ends inside/],
    ['more after the result', '{"jsonrpc":"2.0","id":1,"result":"0x12","x":1}', /more follows/],
    ['no JSON at all', 'Bad Gateway', /no result/],
  ])('error: %s is refused, in words', (_, text, message) => {
    for (const cuts of [[], [7], [30, 31, 32, 33, 34, 35, 36, 37]]) {
      const attempt = () => decode(text, cuts);
      expect(attempt).toThrow(EmbeddedLedgerError);
      expect(attempt).toThrow(message);
    }
  });
});

describe('a checkpoint written as it arrives', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  test('error: a dump that fails part way leaves the checkpoint before it, and no partial file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-stream-'));
    dirs.push(dir);
    await writeCheckpoint(dir, 5, Buffer.from('first'));
    async function* failing() {
      yield Buffer.from('half of a st');
      throw new EmbeddedLedgerError('The embedded ledger did not answer "anvil_dumpState"');
    }
    await expect(writeCheckpoint(dir, 9, failing())).rejects.toThrow(/did not answer/);
    expect(readdirSync(dir)).toEqual(['checkpoint-5.json.gz']);
    expect(readFileSync(join(dir, 'checkpoint-5.json.gz'), 'utf8')).toBe('first');
    expect(existsSync(join(dir, 'checkpoint-9.json.gz'))).toBe(false);
  });
});
