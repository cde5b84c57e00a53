// Returns early when nothing is to be added, and adds _meta with Object.defineProperty.
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function copyOwn(from: Record<string, unknown>): Record<string, unknown> {
  const to: Record<string, unknown> = {};
  for (const key of Object.keys(from)) {
    Object.defineProperty(to, key, { value: from[key], enumerable: true, writable: true, configurable: true });
  }
  return to;
}

function toolArguments({ arguments: args, ...rest }: ToolCallParams): Record<string, unknown> {
  const base = args === undefined ? {} : args;
  const result = copyOwn(base);
  if (Object.keys(base).includes('_meta')) return result; // the arguments' own _meta wins, as it is
  if (!Object.keys(rest).includes('_meta')) return result; // nothing to hand on
  return Object.defineProperty(result, '_meta', { value: rest._meta, enumerable: true, writable: true, configurable: true });
}
