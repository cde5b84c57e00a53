// mistake: Asks params itself whether it has a _meta (params.hasOwnProperty), which calls the params' own hasOwnProperty member when it has one and throws.
// learner: Your toolArguments seems to fail when params has a member named like a method every object has, such as hasOwnProperty. params is the client's object: any key may be its own.
// hint: 2
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  const args = { ...(params.arguments || {}) };
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (params.hasOwnProperty('_meta') && !Object.hasOwn(args, '_meta')) {
    args._meta = params._meta;
  }
  return args;
}
