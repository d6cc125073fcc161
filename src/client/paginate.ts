import type { CoreClient } from './createCoreClient.js';
import type { CollectionPage } from './responses.js';

/**
 * Iterates over every item of a REST collection, following its `next` links (which keep the
 * filters and `contractAddress`).
 * @example
 * for await (const { did } of paginate(client, '/v1/did-registry/identifiers?page[size]=50')) console.log(did);
 */
export async function* paginate<T>(client: CoreClient, path: string): AsyncGenerator<T> {
  let next = path;
  for (;;) {
    const page = await client.get<CollectionPage<T>>(next);
    yield* page.items;
    if (page.items.length === 0 || page.links.next === page.self) return;
    next = page.links.next;
  }
}
