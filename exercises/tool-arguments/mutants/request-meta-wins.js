// mistake: The request's _meta overwrites the arguments' own _meta, although the arguments' _meta must win.
function toolArguments(params) {
  const args = { ...(params.arguments || {}) };
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (Object.hasOwn(params, '_meta')) {
    args._meta = params._meta;
  }
  return args;
}
