/**
 * Where a JSON value departs from a response schema, in the subset of JSON Schema the node's
 * routes use (`type`, `properties`, `required`, `additionalProperties`, `items`, `anyOf`, `enum`,
 * `const`, `pattern`): one `<pointer>: <problem>` line each, none when the value conforms. The
 * SDK's response types are derived from the same schemas, so a conforming body has its type.
 */
export function schemaMismatches(schema: object, value: unknown, pointer = ''): string[] {
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.anyOf)) {
    const fits = s.anyOf.some((branch) => schemaMismatches(branch, value, pointer).length === 0);
    return fits ? [] : [`${pointer}: matches no anyOf branch`];
  }
  const types = s.type === undefined ? undefined : ([] as unknown[]).concat(s.type);
  if (types && !types.some((type) => hasType(value, type))) {
    return [`${pointer}: ${JSON.stringify(value)} is not ${types.join(' | ')}`];
  }
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return [`${pointer}: not in the enum`];
  if ('const' in s && s.const !== value) return [`${pointer}: not ${JSON.stringify(s.const)}`];
  if (
    typeof s.pattern === 'string' &&
    typeof value === 'string' &&
    !new RegExp(s.pattern).test(value)
  )
    return [`${pointer}: does not match ${s.pattern}`];
  if (Array.isArray(value) && s.items) {
    return value.flatMap((item, i) => schemaMismatches(s.items as object, item, `${pointer}/${i}`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const properties = (s.properties ?? {}) as Record<string, object>;
  const members = value as Record<string, unknown>;
  return [
    ...((s.required ?? []) as string[])
      .filter((name) => !(name in members))
      .map((name) => `${pointer}/${name}: missing`),
    ...Object.entries(members).flatMap(([name, member]) => {
      if (properties[name]) return schemaMismatches(properties[name], member, `${pointer}/${name}`);
      return s.additionalProperties === false ? [`${pointer}/${name}: not in the schema`] : [];
    }),
  ];
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}
