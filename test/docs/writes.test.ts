import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { renderWrites } from '../../scripts/writesDoc.js';

describe('docs/writes.md', () => {
  test('behavior: is the rendering of the write table', () => {
    expect(readFileSync(new URL('../../docs/writes.md', import.meta.url), 'utf8')).toBe(
      renderWrites(),
    );
  });
});
