// completion/complete: export its handler from here and add it to server.js's table.
