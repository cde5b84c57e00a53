function toolArguments(params) {
  // start from params.arguments (or {}), then add params._meta unless the arguments have their own
  return params.arguments;
}
