import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { renderContractErrors } from '../../scripts/contractErrorsDoc.js';
import { CORE_ERROR_CODES } from '../../src/errors/base.js';
import { PROBLEM_TYPES, STATUS_PROBLEMS } from '../../src/errors/problem.js';
import { RPC_ERRORS } from '../../src/errors/rpc.js';

const page = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const section = (heading: string) => page.split(`## ${heading}`)[1]?.split('\n## ')[0] ?? '';

describe('docs/errors.md', () => {
  test('behavior: lists exactly the error codes', () => {
    const listed = [...section('Error codes').matchAll(/^\|\s*`(CORE_ERR_[A-Z_]+)`/gm)].map(
      (m) => m[1],
    );
    expect(listed.sort()).toEqual([...CORE_ERROR_CODES].sort());
  });

  test('behavior: lists exactly the problem types', () => {
    const rows = [
      ...section('Problem types').matchAll(/^\|\s*`([^`]+)`\s*\|\s*(\d+)\s*\|\s*`([^`]+)`/gm),
    ];
    const listed = rows.map(([, type, status, title]) => `${type} ${status} ${title}`);
    const expected = [
      ...Object.entries(PROBLEM_TYPES).map(
        ([slug, p]) => `urn:core:problems:${slug} ${p.status} ${p.title}`,
      ),
      ...Object.entries(STATUS_PROBLEMS).map(([status, title]) => `about:blank ${status} ${title}`),
    ];
    expect(listed.sort()).toEqual(expected.sort());
  });

  test('behavior: lists exactly the JSON-RPC codes with their HTTP status', () => {
    const rows = [...section('JSON-RPC errors').matchAll(/^\|\s*(-\d+)\s*\|\s*(\d+)\s*\|/gm)];
    const listed = rows.map(([, code, status]) => `${code} ${status}`);
    const expected = Object.values(RPC_ERRORS).map((e) => `${e.code} ${e.status}`);
    expect(listed.sort()).toEqual(expected.sort());
  });

  test('behavior: lists exactly the contract custom errors of the committed ABIs', () => {
    // Table padding is not content: compare cells only.
    const cells = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((line) =>
          line
            .replace(/\s*\|\s*/g, '|')
            .replace(/-{3,}/g, '---')
            .trim(),
        );
    const documented = page.slice(page.indexOf('## Contract custom errors'));
    expect(cells(documented)).toEqual(cells(renderContractErrors()));
  });
});
