const handlers = {
  ping: () => ({}),
  echo: (params) => (params === undefined ? null : params),
};

// Takes the raw text of one message; returns the reply object, or null when nothing is sent.
function handle(text) {
  // 1. parse the text (-32700 if it is not JSON)
  // 2. check the request object (-32600 if it is not a valid one)
  // 3. notification? return null
  // 4. look up the method as an own entry of handlers (-32601 if absent)
}
