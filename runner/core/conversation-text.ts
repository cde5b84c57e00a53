/**
 * A call with a peer answers with its whole conversation (guest/peer.ts): in a transcript its
 * output is the reply, and its messages are rows of their own, each naming who sent it.
 */
import { oneLine } from './codec/describe.ts';
import type { Conversation } from './protocol.ts';
import type { ExchangeLine } from './result.ts';
import type { TextBudget } from './text-cap.ts';

/** Whether `value` has a conversation's shape (only calls with a peer answer with one). */
export function isConversation(value: unknown): value is Conversation {
  if (!value || typeof value !== 'object' || !('reply' in value) || !('exchange' in value)) return false;
  const rows = (value as { exchange: unknown }).exchange;
  return Array.isArray(rows) && rows.every((r) => r && typeof r === 'object' && ((r as { from?: unknown }).from === 'router' || (r as { from?: unknown }).from === 'client'));
}

/** The reply as a transcript's output shows it. */
export function replyText(conversation: Conversation): string {
  return conversation.reply === null || conversation.reply === undefined ? `${String(conversation.reply)} (no reply)` : oneLine(conversation.reply, 1_000);
}

/** The conversation's messages as transcript rows. */
export function exchangeLines(conversation: Conversation, budget: TextBudget): ExchangeLine[] {
  return conversation.exchange.map((row) => ({ from: row.from, message: budget.cap(oneLine(row.message, 500), 'transcript'), ...(row.dropped ? { dropped: true as const } : {}) }));
}

function rowText(row: Conversation['exchange'][number]): string {
  const who = row.from === 'router' ? 'the router sends' : 'the client sends';
  return `${who} ${oneLine(row.message, 200)}${row.dropped ? ' (after the client cancelled: dropped)' : ''}`;
}

/**
 * Where two conversations part, in words: the first message that differs, or the one that is
 * missing or extra. Undefined when their messages are the same.
 */
export function conversationDifference(mine: Conversation, theirs: Conversation): string | undefined {
  const a = mine.exchange;
  const b = theirs.exchange;
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  let i = 0;
  while (i < a.length && i < b.length && same(a[i], b[i])) i++;
  if (i === a.length && i === b.length) return undefined;
  const mineRow = a[i];
  const theirRow = b[i];
  if (mineRow && theirRow) return `Message ${i + 1} of the conversation differs: in yours ${rowText(mineRow)}; in a correct one ${rowText(theirRow)}.`;
  if (mineRow) return `After message ${i} of the conversation, in yours ${rowText(mineRow)}; a correct one sends nothing more.`;
  return `Your conversation ends after ${i} ${i === 1 ? 'message' : 'messages'}; in a correct one ${rowText(theirRow as Conversation['exchange'][number])} next.`;
}
