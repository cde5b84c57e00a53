/**
 * Builds the text of the script that sets up the guest agent in a fresh learner realm. Hosts run
 * it before any learner code. The codec, the console formatter and the agent travel as the
 * source text of self-contained functions.
 */
import { makeDecoder, makeEncoder, makeJsonWriter } from '../codec/index.ts';
import { makePlainJsonWriter } from '../codec/plain-json.ts';
import { DEFAULT_CODEC_LIMITS } from '../codec/types.ts';
import { guestAgent, type GuestOptions } from './agent.ts';
import { makeConsoleFormatter } from './console-format.ts';
import { makeModuleLinker } from './module-linker.ts';
import { makePeers } from './peer.ts';
import { makeStackPlace } from './stack-place.ts';
import { LEARNER_REALM } from './learner-realm.ts';
import { pruneRealm, realmPlaces, type RealmInventory } from './realm.ts';

export const DEFAULT_GUEST_OPTIONS: GuestOptions = {
  codecLimits: DEFAULT_CODEC_LIMITS,
  maxConsoleChars: 20_000,
};

/**
 * Global name under which the agent is installed (non-writable, non-configurable). Hosts that
 * call into the realm by evaluating code (isolated-vm) use `__guest.handleJson(text)`; hosts that
 * post messages (a worker) call `handle` from the listener their `hostGlue` installs.
 */
export const GUEST_GLOBAL = '__guest';

/**
 * Global a host sets before the setup runs to give live calls an outlet (a function taking JSON
 * text: `course serve`'s isolate host). The setup takes it and deletes it before any learner code.
 */
export const LIVE_OUTLET_GLOBAL = '__courseLiveOutlet';

/**
 * @param hostGlue Source of a function `(agent) => void` run inside the same closure, after the
 *   agent is installed, that connects it to the host (e.g. a worker's `onmessage`). Omit for
 *   eval-driven hosts.
 * @param realm What learner code may find in its realm (see realm.ts); everything else is
 *   deleted last, after the agent and the glue have captured what they use. `null` keeps the
 *   realm whole (only tests do that, to show the other defences hold on their own).
 */
export function guestSource(options: GuestOptions = DEFAULT_GUEST_OPTIONS, hostGlue?: string, realm: RealmInventory | null = LEARNER_REALM): string {
  return `(function () {
"use strict";
// Bundlers that keep function names (esbuild's keepNames, used by tsx) call __name inside functions.
var __name = function (target, value) { try { Object.defineProperty(target, "name", { value: value, configurable: true }); } catch (e) {} return target; };
var makeEncoder = ${makeEncoder.toString()};
var makeDecoder = ${makeDecoder.toString()};
var makeJsonWriter = ${makeJsonWriter.toString()};
var makePlainJsonWriter = ${makePlainJsonWriter.toString()};
var makeConsoleFormatter = ${makeConsoleFormatter.toString()};
var guestAgent = ${guestAgent.toString()};
var makePeers = ${makePeers.toString()};
var makeModuleLinker = ${makeModuleLinker.toString()};
var makeStackPlace = ${makeStackPlace.toString()};
var decoderOptions = { functionMessage: "this function came from the tests and cannot be called from your code" };
var outlet = typeof globalThis.${LIVE_OUTLET_GLOBAL} === "function" ? globalThis.${LIVE_OUTLET_GLOBAL} : undefined;
delete globalThis.${LIVE_OUTLET_GLOBAL};
var agent = guestAgent(makeEncoder(), makeDecoder(decoderOptions), makeConsoleFormatter(), makeJsonWriter(), ${JSON.stringify(options)}, makePlainJsonWriter(), { peers: makePeers, outlet: outlet, linker: makeModuleLinker, stackPlace: makeStackPlace });
var api = Object.freeze({ handle: agent.handle, handleJson: agent.handleJson, handleJsonSync: agent.handleJsonSync.bind(agent), resume: agent.resume, peerIn: agent.peerIn });
Object.defineProperty(globalThis, ${JSON.stringify(GUEST_GLOBAL)}, { value: api, writable: false, enumerable: false, configurable: false });
${hostGlue ? `(${hostGlue})(api);` : ''}
${realm ? `(${pruneRealm.toString()})(${JSON.stringify(realm)}, ${realmPlaces.toString()});` : ''}
})();
`;
}
