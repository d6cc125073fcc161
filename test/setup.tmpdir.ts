import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One temporary directory for the whole test run, as every test file's `os.tmpdir()` (and their
 * children's: nodes, ledgers, Chromium, SoftHSM2 tokens), removed when the run ends: a run, even
 * one whose children were killed, leaves nothing behind. `CORE_TEST_KEEP_TMP=1` keeps it (the
 * explorer's screenshots are in it) and prints where it is.
 */
export default function setup(): (() => void) | undefined {
  // Both projects list this setup; the first one owns the directory.
  if (process.env.CORE_TEST_RUN_DIR) return undefined;
  const runDir = mkdtempSync(join(tmpdir(), 'core-registry-run-'));
  process.env.CORE_TEST_RUN_DIR = runDir;
  process.env.TMPDIR = runDir;
  return () => {
    if (process.env.CORE_TEST_KEEP_TMP) console.log(`the test run's files are kept in ${runDir}`);
    else rmSync(runDir, { recursive: true, force: true });
  };
}
