// resources/list, resources/templates/list, resources/read, resources/subscribe and
// resources/unsubscribe: export their handlers from here and add them to server.js's table.
