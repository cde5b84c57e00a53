/** The course's arbitraries: the input domains generated checks draw from (see each file). */
export { ids, distinctIds, EDGE_INTEGER_IDS, EDGE_STRING_IDS, EDGE_FRACTION_IDS, type IdOptions } from './ids.ts';
export { names, unknownNames, nearMisses, INHERITED_NAMES } from './names.ts';
export { jsonValues, params, jsonTexts, spellJson, notJson, NOT_JSON, JSON_WHITESPACE, FALSY_VALUES, EDGE_KEYS } from './json.ts';
export { requests, notifications, messages, invalidRequests, WRONG_VERSIONS, WRONG_METHODS, WRONG_PARAMS, WRONG_IDS, type Request, type Notification, type MessageOptions } from './messages.ts';
export { protocolVersions, nearVersions, MCP_REVISIONS } from './versions.ts';
export { metas, progressTokens } from './meta.ts';
