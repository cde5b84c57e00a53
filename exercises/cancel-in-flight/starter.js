// The slow work every request stands for. Tests decide when it is done by calling finish(id).
function perform(request) {
  return { content: [{ type: 'text', text: 'finished ' + request.method }] };
}

function reset() {
  // forget every request in flight
}

function receive(msg) {
  // a request: remember it as in flight and return null (its reply comes from finish)
  // notifications/cancelled: validate it, then forget the request it names
  return null;
}

function finish(id) {
  // the reply envelope for a request still in flight, or null
  return null;
}
