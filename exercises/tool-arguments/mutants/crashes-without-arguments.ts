// mistake: Missing arguments are not replaced by an empty object, so a call without arguments crashes.
// learner: Your function seems to crash when the call has no arguments at all. Look again at what the result starts from when arguments are missing.
// hint: 1
/** The params of a tools/call request. */
interface ToolCallParams {
  name?: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

function toolArguments(params: ToolCallParams): Record<string, unknown> {
  // getOwnPropertyDescriptors(undefined) throws: missing arguments are never replaced by {}.
  const args: Record<string, unknown> = Object.defineProperties({}, Object.getOwnPropertyDescriptors(params.arguments as object));
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (Object.hasOwn(params, '_meta') && !Object.hasOwn(args, '_meta')) {
    args._meta = params._meta;
  }
  return args;
}
