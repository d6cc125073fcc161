import { describe, expect, test } from 'vitest';
import { buildCollection, toPageRequest } from './pagination.js';

const url = 'https://api.example.org/v1/did-registry/identifiers';
const link = (page: number, size = 10, extra = '') =>
  `${url}?page[after]=${page}&page[size]=${size}${extra}`;

describe('buildCollection', () => {
  test('default: first page of several', () => {
    expect(buildCollection({ url, page: { page: 1, size: 10 }, total: 25, items: ['a'] })).toEqual({
      self: link(1),
      items: ['a'],
      total: 25,
      pageSize: 10,
      links: { first: link(1), prev: link(1), next: link(2), last: link(3) },
    });
  });

  test('behavior: middle page', () => {
    const { self, links } = buildCollection({
      url,
      page: { page: 2, size: 10 },
      total: 25,
      items: [],
    });
    expect(self).toBe(link(2));
    expect(links).toEqual({ first: link(1), prev: link(1), next: link(3), last: link(3) });
  });

  test('behavior: last page points next at itself', () => {
    const { self, links } = buildCollection({
      url,
      page: { page: 3, size: 10 },
      total: 25,
      items: [],
    });
    expect(self).toBe(link(3));
    expect(links).toEqual({ first: link(1), prev: link(2), next: link(3), last: link(3) });
  });

  test('behavior: out of range keeps self, clamps prev and next to last', () => {
    const collection = buildCollection({ url, page: { page: 9, size: 10 }, total: 25, items: [] });
    expect(collection.self).toBe(link(9));
    expect(collection.links).toEqual({
      first: link(1),
      prev: link(3),
      next: link(3),
      last: link(3),
    });
  });

  test('behavior: an empty collection has one page', () => {
    const { links, total } = buildCollection({
      url,
      page: { page: 1, size: 5 },
      total: 0,
      items: [],
    });
    expect(total).toBe(0);
    expect(links).toEqual({
      first: link(1, 5),
      prev: link(1, 5),
      next: link(1, 5),
      last: link(1, 5),
    });
  });

  test('behavior: exact multiple of the page size', () => {
    const { links } = buildCollection({ url, page: { page: 1, size: 50 }, total: 100, items: [] });
    expect(links.last).toBe(link(2, 50));
  });

  test('args: filters are repeated in every link, DIDs stay readable, others encoded', () => {
    const filters = {
      controller: 'did:core:z123',
      contractAddress: '0x00000000000000000000000000000000000000aa',
      skipped: undefined,
      odd: 'a b&c',
    };
    const collection = buildCollection({
      url,
      page: { page: 1, size: 10 },
      total: 1,
      items: [],
      filters,
    });
    const extra =
      '&controller=did:core:z123&contractAddress=0x00000000000000000000000000000000000000aa&odd=a%20b%26c';
    expect(collection.self).toBe(link(1, 10, extra));
    expect(Object.values(collection.links)).toEqual(Array(4).fill(link(1, 10, extra)));
  });
});

describe('toPageRequest', () => {
  test('default: page 1 of 10', () => {
    expect(toPageRequest({})).toEqual({ page: 1, size: 10 });
  });

  test('args: explicit values', () => {
    expect(toPageRequest({ 'page[after]': 4, 'page[size]': 50 })).toEqual({ page: 4, size: 50 });
  });
});
