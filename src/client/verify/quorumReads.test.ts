import { describe, expect, test } from 'vitest';
import type { Read } from './createRegistryReads.js';
import { decide } from './quorumReads.js';

const read = (value: unknown, node: string): Read<unknown> => ({
  ok: true,
  value,
  source: `${node}/v1/issuers-registry/issuers/did:core:a/attributes`,
});

/** A collection page as each node writes it: its own public URL in every link. */
const page = (node: string, id = '0x01') => ({
  self: `${node}/v1/issuers-registry/issuers/did:core:a/attributes`,
  items: [{ id, href: `${node}/v1/issuers-registry/issuers/did:core:a/attributes/${id}` }],
  total: 1,
  links: { first: `${node}/v1/x?page[after]=1`, prev: null, next: null, last: `${node}/v1/x` },
});

describe('decide', () => {
  test('default: nodes of independent operators agree on a body that differs in their links’ origins only', () => {
    const reads = [
      page('https://a.example'),
      page('http://10.0.0.2:8080'),
      page('https://c.example'),
    ];
    const outcome = decide(
      reads.map((value, i) => read(value, `https://node${i}`)),
      3,
    );
    expect(outcome).toMatchObject({ ok: true, value: reads[0] });
    expect(outcome.source).toMatch(/\(3 of 3 nodes agreed\)$/);
  });

  test('error: a different path in a link, or a different origin in any other member, is a disagreement', () => {
    const other = decide(
      [read(page('https://a.example'), 'a'), read(page('https://b.example', '0x02'), 'b')],
      2,
    );
    expect(other).toMatchObject({
      ok: false,
      reason: 'The nodes disagree: at most 1 of 2 nodes agreed, 2 needed',
    });
    const service = (origin: string) => ({ service: [{ serviceEndpoint: `${origin}/v1/status` }] });
    const swapped = decide(
      [read(service('https://good.example'), 'a'), read(service('https://evil.example'), 'b')],
      2,
    );
    expect(swapped.ok).toBe(false);
  });
});
