// mistake: The two _meta objects are combined key by key instead of keeping the arguments' _meta unchanged.
function toolArguments(params) {
  const args = { ...(params.arguments || {}) };
  // The arguments' own _meta wins: only fill the key when it is absent.
  if (Object.hasOwn(params, '_meta')) {
    args._meta = { ...params._meta, ...(args._meta || {}) };
  }
  return args;
}
