/**
 * n8n's REST API returns an execution's data in the `flatted` format (JSON of a table of values, where every string
 * inside an object or array is the table index of the real value). This reads it back, as flatted's own parse does.
 */
export function parseFlatted(text: string): unknown {
  const table = (JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? new String(value) : value)) as unknown[]).map(
    (value) => (value instanceof String ? String(value) : value),
  );
  const revived = new Set<object>();
  const revive = (holder: Record<string, unknown>): unknown => {
    for (const key of Object.keys(holder)) {
      const value = holder[key];
      if (!(value instanceof String)) continue;
      const target = table[Number(value)];
      holder[key] = target;
      if (typeof target === 'object' && target !== null && !revived.has(target)) {
        revived.add(target);
        revive(target as Record<string, unknown>);
      }
    }
    return holder;
  };
  const root = table[0];
  if (typeof root !== 'object' || root === null) return root;
  revived.add(root);
  return revive(root as Record<string, unknown>);
}
