/**
 * The guest agent's types (agent.ts): its options, the self-contained parts made beside it in
 * the learner's realm, and what it offers the host.
 */
import type { CodecLimits } from '../codec/types.ts';
import type { GuestReply, GuestRequest, LiveIn } from '../protocol.ts';
import type { LinkerPrimordials, ModuleLinker } from './module-linker.ts';
import type { PeerPrimordials, Peers } from './peer.ts';
import type { FindPlace, PlacePrimordials } from './stack-place.ts';

export interface GuestOptions {
  codecLimits: CodecLimits;
  /** Total console characters kept between two replies; later output is counted as dropped. */
  maxConsoleChars: number;
}

/** The guest's other self-contained parts, made inside the realm with the agent's captured builtins. */
export interface GuestParts {
  /** The factory of peers for calls that get one (peer.ts). */
  peers?: (p: PeerPrimordials) => Peers;
  /** Where a live call's messages to its client go (a host function; only `course serve`'s host has one). */
  outlet?: (text: string) => void;
  /** Loads code and links an exercise's files (module-linker.ts); without it, nothing loads. */
  linker?: (p: LinkerPrimordials) => ModuleLinker;
  /** Reads where a throw happened from its stack (stack-place.ts); without it, no place is given. */
  stackPlace?: (p: PlacePrimordials) => FindPlace;
}

export interface GuestAgent {
  /** Handles one request; replies synchronously, or with a promise when learner code returned one. */
  handle(request: GuestRequest): GuestReply | Promise<GuestReply>;
  /** The same for hosts that can only pass strings: request JSON in, reply JSON (or its promise) out. */
  handleJson(text: string): string | Promise<string>;
  /**
   * `handleJson` for hosts that call synchronously (isolated-vm): the reply JSON, or '' when
   * learner code returned a promise (fetch the reply with `resume` once it settles). Every reply
   * is kept under its request's key until the host lists the key in `delivered` (JSON array text)
   * on a later call, so a reply lost on the way out can be asked for again.
   */
  handleJsonSync(text: string, delivered?: string): string;
  /**
   * The reply to the request with this key ('load' or the call's `seq`), or its promise, as long
   * as the host has not confirmed it. isolated-vm throws a learner's unhandled promise rejection
   * out of whatever evaluation is running, losing that evaluation's value; the host then asks for
   * the reply here, so the verdict matches a browser's (which only logs it). Keyed, not "the last
   * reply": an async function's reply is still pending when the tests make their next call.
   */
  resume(key: string | number): string | Promise<string> | undefined;
  /** Hands the live call in progress what its client did ({@link LiveIn} as JSON text); ignored when there is none. */
  peerIn(text: string): void;
}
