/** Plain data as YAML writes it: what a compose file is made of. */
export type YamlValue = string | number | boolean | readonly YamlValue[] | YamlMapping;
export type YamlMapping = { readonly [key: string]: YamlValue };

/** A key YAML reads as the same string without quotes. */
const PLAIN_KEY = /^[A-Za-z_][\w.-]*$/;

/**
 * YAML block style for plain data, two spaces an indent. Strings are double-quoted with JSON's
 * escapes (YAML's double-quoted style is a superset), so no value changes type on reading
 * (`"8080:8080"`, `"true"`, `"0x…"` stay strings). Empty mappings and lists are written `{}`, `[]`.
 * @throws {TypeError} on a number that is not finite.
 */
export function toYaml(value: YamlMapping): string {
  return `${lines(value, 0).join('\n')}\n`;
}

function lines(value: YamlMapping | readonly YamlValue[], depth: number): string[] {
  const indent = '  '.repeat(depth);
  const entries: [string, YamlValue][] = isList(value)
    ? value.map((item) => ['- ', item])
    : Object.entries(value).map(([key, item]) => [
        `${PLAIN_KEY.test(key) ? key : JSON.stringify(key)}: `,
        item,
      ]);
  return entries.flatMap(([prefix, item]) => {
    if (typeof item !== 'object' || isEmpty(item)) return [`${indent}${prefix}${scalar(item)}`];
    const nested = lines(item, depth + 1);
    // A list item's mapping starts on the dash's line; anything else nests below its key.
    if (isList(value) && !isList(item))
      return [`${indent}- ${(nested[0] as string).trimStart()}`, ...nested.slice(1)];
    return [`${indent}${prefix.trimEnd()}`, ...nested];
  });
}

function scalar(value: YamlValue): string {
  if (typeof value === 'object') return isList(value) ? '[]' : '{}';
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new TypeError(`YAML value ${value} is not a finite number`);
  return JSON.stringify(value);
}

function isList(value: YamlMapping | readonly YamlValue[]): value is readonly YamlValue[] {
  return Array.isArray(value);
}

function isEmpty(value: YamlMapping | readonly YamlValue[]): boolean {
  return isList(value) ? value.length === 0 : Object.keys(value).length === 0;
}
