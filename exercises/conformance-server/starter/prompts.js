// prompts/list and prompts/get: export their handlers from here and add them to server.js's table.
