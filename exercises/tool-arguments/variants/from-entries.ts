// Object.fromEntries over Object.entries (which keeps an own "__proto__" key) and a conditional entry for _meta.
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

const own = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const source = params.arguments ?? {};
  const entries: Array<[string, unknown]> = Object.entries(source);
  const argumentsHaveMeta = own(source, '_meta');
  if (own(params, '_meta') && !argumentsHaveMeta) entries.push(['_meta', params._meta]);
  // Object.fromEntries defines each key: no setter runs, "__proto__" included.
  return Object.fromEntries(entries);
}
