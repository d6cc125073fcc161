import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findPackageDir } from '../files/findPackageDir.js';
import { ANY_MEDIA_TYPE } from '../http/negotiation.js';

/** Where the explorer is served; its page uses relative URLs, so the trailing slash matters. */
export const EXPLORER_PATH = '/explorer/';

/**
 * The page talks to this node (and the peers the operator names, for a quorum of nodes) only,
 * and runs no inline script or style: a reflected or stored string that reaches the DOM cannot
 * load or run anything, nor send what it reads anywhere else.
 */
function contentSecurityPolicy(peers: readonly string[]): string {
  const origins = [...new Set(peers.map((peer) => new URL(peer).origin))];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    ["connect-src 'self'", ...origins].join(' '),
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export type ExplorerOptions = {
  /**
   * Folders served under {@link EXPLORER_PATH}, the first holding a file wins (default: the
   * page's sources, `explorer/public/`, and its compiled scripts, `dist/explorer/`).
   */
  roots?: readonly string[];
  /** Other nodes the page may read (`CORE_EXPLORER_PEERS`), for its quorum of nodes. */
  peers?: readonly string[];
};

/**
 * The explorer: a page that browses the registries through the public REST API and the ledger
 * read methods, served as static files at `/explorer/` (`/explorer` redirects there). Only the
 * files present at boot are routes: anything else is the kernel's 404 problem.
 * - Design: DESIGN.md §7
 */
export async function explorerRoutes(
  app: FastifyInstance,
  options: ExplorerOptions = {},
): Promise<void> {
  const roots = (options.roots ?? defaultRoots()).filter((root) => existsSync(root));
  if (roots.length < 2 && options.roots === undefined) {
    app.log.warn('the explorer is not built (npm run build): its page cannot run');
  }
  app.addHook('onRoute', (route) => {
    // Browsers ask for `text/html`, `text/css` or `*/*`: a file is what it is.
    route.config = { ...route.config, produces: [ANY_MEDIA_TYPE] };
  });
  app.get(EXPLORER_PATH.slice(0, -1), { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(EXPLORER_PATH, 301),
  );
  if (roots.length === 0) return;
  const policy = contentSecurityPolicy(options.peers ?? []);
  await app.register(fastifyStatic, {
    root: roots,
    prefix: EXPLORER_PATH,
    wildcard: false,
    redirect: false,
    decorateReply: false,
    index: 'index.html',
    dotfiles: 'ignore',
    cacheControl: true,
    maxAge: 0,
    setHeaders: (reply: FastifyReply) => setSecurityHeaders(reply, policy),
  });
}

function setSecurityHeaders(reply: FastifyReply, policy: string): void {
  reply.header('content-security-policy', policy);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
}

function defaultRoots(): string[] {
  const { dir } = findPackageDir(dirname(fileURLToPath(import.meta.url)));
  return [join(dir, 'explorer', 'public'), join(dir, 'dist', 'explorer')];
}
