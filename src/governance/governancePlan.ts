import { type Address, getAddress, isAddress } from 'viem';

/**
 * A consortium's governance as genesis sets it up: the operators who own the multisig, how many
 * of them decide, and the notice period every decision waits before it runs.
 * - Design: DESIGN.md §12; docs/governance.md
 */
export type GovernancePlan = {
  operators: Address[];
  threshold: number;
  /** The timelock's minimum delay, in seconds. */
  delaySeconds: number;
};

/** The longest notice period genesis accepts: 30 days. */
export const MAX_DELAY_SECONDS = 30 * 24 * 3600;

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * Parses the settings of a governed genesis: comma-separated addresses, a threshold (default a
 * majority), and a delay in seconds or with a unit (`90s`, `30m`, `12h`, `2d`; default none).
 * @returns the plan, or the first problem found, with the setting at fault.
 */
export function parseGovernancePlan(input: {
  operators: string;
  threshold: string | undefined;
  delay: string | undefined;
  names: { operators: string; threshold: string; delay: string };
}): GovernancePlan | { problem: string; setting: string } {
  const { names } = input;
  const raw = input.operators
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = raw.find((entry) => !isAddress(entry, { strict: false }));
  if (raw.length === 0 || bad !== undefined) {
    return {
      setting: names.operators,
      problem: `"${names.operators}" must be comma-separated addresses${bad ? `: "${bad}" is not one` : ''}`,
    };
  }
  const operators = raw.map((entry) => getAddress(entry));
  if (new Set(operators).size !== operators.length) {
    return { setting: names.operators, problem: `"${names.operators}" names an address twice` };
  }
  const threshold =
    input.threshold === undefined ? Math.floor(operators.length / 2) + 1 : Number(input.threshold);
  if (!Number.isSafeInteger(threshold) || threshold < 1 || threshold > operators.length) {
    return {
      setting: names.threshold,
      problem: `"${names.threshold}" must be a whole number from 1 to ${operators.length} (the operators)`,
    };
  }
  const delaySeconds = parseDelay(input.delay ?? '0');
  if (delaySeconds === undefined) {
    return {
      setting: names.delay,
      problem: `"${names.delay}" must be a duration of at most 30 days: seconds, or a number with s, m, h or d`,
    };
  }
  return { operators, threshold, delaySeconds };
}

/**
 * A notice period: seconds, or a number with a unit (`90s`, `30m`, `12h`, `2d`), at most 30 days.
 * @returns its seconds, or `undefined` when it is none of those.
 */
export function parseDelay(value: string): number | undefined {
  const delay = /^(\d+)([smhd]?)$/.exec(value);
  const seconds = delay ? Number(delay[1]) * (UNITS[delay[2] || 's'] as number) : Number.NaN;
  return Number.isSafeInteger(seconds) && seconds <= MAX_DELAY_SECONDS ? seconds : undefined;
}
