/**
 * Messages between the judge (trusted: tests, expect, verdicts) and the guest agent, the small
 * program that runs inside the learner's realm. Every host (isolated-vm in Node, a sandboxed
 * worker in the browser) carries exactly these messages and nothing else, so a submission gets
 * the same verdict everywhere. All payloads are JSON-safe; values travel as {@link Encoded}.
 */
import type { Encoded } from './codec/types.ts';

/** Judge -> guest. */
export type GuestRequest =
  | {
      type: 'load';
      /** Plain script text (already transpiled, exports stripped). */
      source: string;
      /** Name shown in stack traces; locations are reported against it. */
      filename: string;
      /** Names the tests need; the guest reports what each one is. */
      names: string[];
    }
  | {
      /**
       * The files of an exercise of several, as module bodies (prepare-modules.ts), run in this
       * order, each importing the others by name; a name the tests need is taken from the first
       * file that declares it. Stack places name the file.
       */
      type: 'load';
      modules: ModuleFile[];
      names: string[];
    }
  | {
      type: 'call';
      /** Correlates the reply in hosts that multiplex (the browser). */
      seq: number;
      name: string;
      args: Encoded;
      peer?: PeerCall;
      /** The peer is the real client outside ({@link LivePeer}); hosts that have no outlet answer it as thrown. */
      live?: LivePeer;
    }
  | {
      /**
       * A call whose arguments are plain JSON data, sent as JSON text (see {@link CaseCall});
       * its answer comes back as `plain` JSON text when the value is plain data too.
       */
      type: 'call';
      seq: number;
      name: string;
      json: string;
      /** Arguments that are `undefined` (JSON cannot say so): `null` in the text, `undefined` again once read. */
      undefinedAt?: number[];
      peer?: PeerCall;
      live?: LivePeer;
    }
  | {
      /**
       * Many calls in one crossing (a generated check's inputs): each case is a list of calls
       * made one after another in this realm, each awaited when it returns a promise, and stopped
       * at the first that throws. Every call's arguments are decoded afresh, so nothing one call
       * does to its arguments reaches another, and every answer is encoded as soon as it returns,
       * as a single `call` would be.
       */
      type: 'cases';
      seq: number;
      cases: CaseCall[][];
      /**
       * Characters of answers the reply may hold. Cases are run whole; once the answers pass
       * this, the cases left are not run (the judge sends them again in another request).
       */
      budget: number;
      /**
       * Characters of answers one case may have, whatever its place in the request: a case's
       * answers never depend on the cases sent with it (or a verdict would, on the machine's speed).
       */
      caseBudget: number;
      /**
       * Milliseconds after which no further case starts (the first always runs; the judge sends
       * the rest again, to the same realm). A batch of slow cases is answered in several
       * crossings instead of outlasting the call limit, and the answers are the same either way.
       */
      timeMs: number;
    };

/** One learner file as a module body: its name (in stack traces and places), its prepared text and its exports. */
export interface ModuleFile {
  filename: string;
  body: string;
  /** `[exported name, local name]` pairs; the exported names come from the file, the local ones are identifiers. */
  exports: [string, string][];
}

/**
 * One call of a case: a function the load found and its arguments, encoded, or as JSON text when
 * they are plain JSON data (the guest then reads them with the realm's own JSON.parse, which runs
 * no learner code and is many times faster than decoding in a cold realm); an argument left
 * `undefined` (`sendRequest('ping', undefined, 0)`) is listed in `undefinedAt`.
 */
export type CaseCall = { name: string; args: Encoded; peer?: PeerCall } | { name: string; json: string; undefinedAt?: number[]; peer?: PeerCall };

/**
 * A call that gets a peer (guest/peer.ts): the argument at `at` is the peer, the client played by
 * `script`; the call answers with the {@link Conversation} instead of the function's return value.
 */
export interface PeerCall {
  at: number;
  script: ClientScript;
}

/**
 * A call whose client is real and outside the realm (`course serve`): what the router sends goes
 * out as it is sent (the host's outlet, {@link LiveOut}), and what the client does comes in while
 * the call runs ({@link LiveIn}). The realm has no timers, so the host says when a request of the
 * router's has waited too long.
 */
export interface LivePeer {
  /** The argument that is the peer. */
  at: number;
  /** The id of the request being handled. */
  requestId: string | number | null;
}

/** A message a live call sends its client: the router's request (numbered 1, 2... in this call) or notification, JSON text. */
export type LiveOut = string;

/** What the host hands a live call while it runs. */
export type LiveIn =
  /** The client's answer to the router's request `id` (the call's own numbering). */
  | { answer: { id: number; result: unknown } | { id: number; error: { code: number; message: string; data?: unknown } } }
  /** The client cancelled the call. */
  | { cancel: { reason?: string } }
  /** The router's request `id` had no answer within `waitMs`. */
  | { expired: { id: number; method: string; waitMs: number } };

/** What the client does while a router handles one of its requests (guest/peer.ts). */
export interface ClientScript {
  /** The id of the request being handled, which a cancellation names. */
  requestId?: string | number | null;
  /** The answer to the router's n-th request of this conversation at n - 1; none: the client never answers. */
  answers?: ClientAnswer[];
  /** The client cancels once the router has sent this many messages and waits; none: it never cancels. */
  cancelAfter?: number;
  /** The call limit, named when a request is never answered. */
  waitMs: number;
}

export type ClientAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } } | { silent: true };

/** One message of a conversation, with who sent it; `dropped`: a reply after a cancellation, which the client never gets. */
export interface ExchangeRow {
  from: 'router' | 'client';
  message: Record<string, unknown>;
  dropped?: true;
}

/** A call with a peer, as it ended: what the function returned, and every message in order. */
export interface Conversation {
  reply: unknown;
  exchange: ExchangeRow[];
}

/**
 * How one call of a case ended: its return value as JSON text, of the value itself when it is
 * plain JSON data (`plain`, see codec/plain-json.ts) or else of its encoding (`returned`); the
 * value it threw; or `tooLarge` when its answer did not fit the room left (the limit it had).
 * Texts, so the guest measures what it sends.
 */
export type CallAnswer = { returned: string } | { plain: string } | { threw: ThrownValue } | { tooLarge: number };

/** One console call made by learner code. */
export interface ConsoleEntry {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  text: string;
}

/** A thrown value, described inside the guest so the judge never touches learner objects. */
export interface ThrownValue {
  /** `error` for Error-like objects, `value` for anything else thrown (`throw 'x'`, `throw null`). */
  kind: 'error' | 'value';
  /** Error name (`TypeError`), or the thrown value's type for `kind: 'value'`. */
  name: string;
  message: string;
  /** The thrown value itself, encoded, for display. */
  value: Encoded;
  /** First stack frame inside the learner's file. */
  line?: number;
  column?: number;
  /** That frame's file, in an exercise of several files. */
  file?: string;
}

/** What a name the tests need turned out to be after loading. */
export type NameKind = 'function' | 'missing' | 'not-a-function';

/** Guest -> judge. `console` holds output made since the previous reply (capped by the guest). */
export type GuestReply =
  | { type: 'loaded'; names: Record<string, NameKind>; console: ConsoleEntry[]; consoleDropped: number }
  | { type: 'load-threw'; error: ThrownValue; console: ConsoleEntry[]; consoleDropped: number }
  | { type: 'returned'; seq: number; value: Encoded; console: ConsoleEntry[]; consoleDropped: number }
  /** A call sent with `json`, answered with plain JSON data, as its JSON text (codec/plain-json.ts). */
  | { type: 'returned'; seq: number; plain: string; console: ConsoleEntry[]; consoleDropped: number }
  | { type: 'threw'; seq: number; error: ThrownValue; console: ConsoleEntry[]; consoleDropped: number }
  | { type: 'too-large'; seq: number; limit: number; console: ConsoleEntry[]; consoleDropped: number }
  /** Answers to a `cases` request: one list per case run, in order (fewer lists than cases when the budget ran out, never none). */
  | { type: 'answered'; seq: number; answers: CallAnswer[][]; console: ConsoleEntry[]; consoleDropped: number };
