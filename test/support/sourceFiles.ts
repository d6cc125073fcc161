import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every TypeScript source file below `dir` (tests left out), as absolute paths. */
export function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
